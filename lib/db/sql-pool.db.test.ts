/**
 * inTransaction: COMMIT / ROLLBACK, and the non-durable option that only that transaction's COMMIT
 * skips the disk wait; and a pool outlives the server closing one of its idle connections.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSqlPool, getSqlPool, inTransaction } from './sql-pool';

const pool = getSqlPool();
afterAll(() => pool.end());

const setting = async (client: { query: typeof pool.query }) =>
  (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit;

describe('inTransaction', () => {
  it('rolls back what a failing transaction wrote and passes the error on', async () => {
    const table = `sql_pool_test_${Date.now()}`;
    await pool.query(`CREATE TABLE ${table} (x int)`);
    try {
      await expect(
        inTransaction(pool, async (c) => {
          await c.query(`INSERT INTO ${table} VALUES (1)`);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      await inTransaction(pool, (c) => c.query(`INSERT INTO ${table} VALUES (2)`));
      expect((await pool.query(`SELECT x FROM ${table}`)).rows).toEqual([{ x: 2 }]);
    } finally {
      await pool.query(`DROP TABLE ${table}`);
    }
  });

  it('turns synchronous_commit off for a non-durable transaction only, and back on for the next one on the connection', async () => {
    const small = createSqlPool(process.env.DATABASE_URL!, 1);
    try {
      // The test database runs with synchronous_commit off (fast tests); this connection gets the production default.
      await small.query('SET synchronous_commit TO on');
      expect(await inTransaction(small, setting)).toBe('on');
      expect(await inTransaction(small, setting, { durable: false })).toBe('off');
      expect(await inTransaction(small, setting)).toBe('on');
      expect(await setting(small)).toBe('on');
    } finally {
      await small.end();
    }
  });
});

describe('createSqlPool', () => {
  it('drops an idle connection the server closes, says so in one line, and answers the next query on another', async () => {
    const own = createSqlPool(process.env.DATABASE_URL!, 1);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const first = (await own.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const closed = new Promise<void>((resolve) => own.once('error', () => resolve()));
      await pool.query('SELECT pg_terminate_backend($1)', [first]);
      await closed;
      const second = (await own.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      expect(second).not.toBe(first);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(
          /^paralens: an idle database connection closed \(.*terminating connection due to administrator command/,
        ),
      );
    } finally {
      warn.mockRestore();
      await own.end();
    }
  });
});
