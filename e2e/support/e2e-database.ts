/**
 * A direct connection to the e2e server's embedded PostgreSQL (its PARALENS_HOME's running server and
 * password), for tests that must put the database in a state no page makes: a corpus whose scoring
 * stopped part-way in an older version.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setting } from '../../lib/config/settings';
import { createSqlPool, type Queryable } from '../../lib/db/sql-pool';

export async function withE2eDatabase<T>(fn: (db: Queryable) => Promise<T>): Promise<T> {
  const home = setting('PARALENS_E2E_HOME');
  if (!home) throw new Error('PARALENS_E2E_HOME is not set (playwright.config.ts sets it)');
  const port = Number(readFileSync(path.join(home, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { pgPassword } = JSON.parse(readFileSync(path.join(home, 'secrets.json'), 'utf8')) as { pgPassword: string };
  const pool = createSqlPool(`postgresql://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/paralens`, 1);
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}
