/**
 * A database of a test file's own on the test PostgreSQL, empty (not even migrated): for tests of
 * what happens to a fresh database. `create` and `drop` go in the file's beforeAll / afterAll.
 */
import { inject } from 'vitest';
import pg from 'pg';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function emptyDatabase(name: string): { url: string; create: () => Promise<void>; drop: () => Promise<void> } {
  return {
    get url() {
      return inject('pgAdminUrl').replace(/\/postgres$/, `/${name}`);
    },
    create: () => adminQuery(`CREATE DATABASE ${name}`),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
