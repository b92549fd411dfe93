/**
 * The one database handle (docs/decisions/018): a Prisma query, a pool query, a transaction of each
 * kind and a COPY connection all go through it, to the same database, and a handle of its own closes
 * what it opened.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { database, openDatabaseHandle } from './database';
import { getDb } from './client';
import { getSqlPool, inReadSnapshot, inTransaction } from './sql-pool';
import { listAuditFacets } from './accounts/audit';
import { getSessionUser } from './accounts/users';

afterAll(() => database().close());

describe('database()', () => {
  it('is the process-wide handle: Prisma calls reach getDb(), pool calls getSqlPool()', async () => {
    const db = database();
    expect(database()).toBe(db);
    expect(db.options).toBe(getSqlPool().options);
    expect(await db.user.count()).toBe(await getDb().user.count());
    const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
    expect('query' in db && '$transaction' in db && 'copyConnection' in db).toBe(true);
    expect('release' in db).toBe(false);
  });

  it('runs a Prisma transaction and a pool transaction, and a lib/db query of either engine', async () => {
    const db = database();
    const table = `database_handle_test_${Date.now()}`;
    await db.query(`CREATE TABLE ${table} (x int)`);
    try {
      await inTransaction(db, (c) => c.query(`INSERT INTO ${table} VALUES (1)`));
      await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO ${table} VALUES (2)`);
      });
      const seen = await inReadSnapshot(db, (c) => c.query<{ x: number }>(`SELECT x FROM ${table} ORDER BY x`));
      expect(seen.rows).toEqual([{ x: 1 }, { x: 2 }]);
      expect(await listAuditFacets(db)).toEqual(await listAuditFacets(getDb())); // a Prisma query
      expect(await getSessionUser(db, 2_000_000_000, 0)).toBeNull(); // a pool query
    } finally {
      await db.query(`DROP TABLE ${table}`);
    }
  });

  it('opens a connection of its own for COPY on the same database', async () => {
    const db = database();
    const table = `database_copy_test_${Date.now()}`;
    await db.query(`CREATE TABLE ${table} (x int)`);
    const client = db.copyConnection();
    try {
      await client.connect();
      await pipeline(Readable.from(['1\n2\n3\n']), client.query(copyFrom(`COPY ${table} (x) FROM STDIN`)));
      expect((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n).toBe('3');
    } finally {
      await client.end();
      await db.query(`DROP TABLE ${table}`);
    }
  });

  it('is never a thenable, so a promise resolved with it hands over the handle itself', async () => {
    const db = database();
    expect(await Promise.resolve(db)).toBe(db);
  });
});

describe('openDatabaseHandle', () => {
  it('opens Prisma and the pool on first use, and close() ends them', async () => {
    const own = openDatabaseHandle(process.env.DATABASE_URL!, { poolConnections: 1 });
    expect((await own.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    expect(await own.user.count()).toBeGreaterThanOrEqual(0);
    expect(own.totalCount).toBe(1);
    await own.close();
    expect(own.ended).toBe(true);
    await expect(own.query('SELECT 1')).rejects.toThrow();
  });

  it('closes without opening anything when nothing was used', async () => {
    const own = openDatabaseHandle('postgresql://nobody@127.0.0.1:1/none');
    await expect(own.close()).resolves.toBeUndefined();
  });
});
