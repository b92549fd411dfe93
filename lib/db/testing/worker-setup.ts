/**
 * Runs in each `db` test worker before its test files: clones the migrated template into the
 * worker's own database and points DATABASE_URL (and so getDb()) at it.
 */
import { inject } from 'vitest';
import pg from 'pg';

const TEMPLATE_DATABASE = 'paralens_template';
const adminUrl = inject('pgAdminUrl');
if (!/@(127\.0\.0\.1|localhost):/.test(adminUrl)) throw new Error('Database tests refuse to run against a non-local server.');

const workerDb = `paralens_test_${process.env.VITEST_POOL_ID ?? '0'}`;
if (!process.env.DATABASE_URL?.endsWith(`/${workerDb}`)) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Cloning needs the template to itself: workers take turns.
  await admin.query('SELECT pg_advisory_lock(7301)');
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${workerDb} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${workerDb} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7301)');
    await admin.end();
  }
  process.env.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${workerDb}`);
}
