/**
 * Two instances starting at the same moment on an empty database (lib/db/instances/startup-lock.ts
 * through openDatabase, as `npm start` calls it): one applies the migrations and runs its start-up
 * recovery while the other waits for the lock; then the other finds nothing to migrate, runs its
 * own recovery after the first's, and both can serve.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '@/lib/db/testing/empty-database';
import { listMigrationNames } from '@/lib/db/migrations';
import { openDatabase } from './bootstrap';

const database = emptyDatabase(`paralens_startup_lock_${process.pid}`);
const home = mkdtempSync(path.join(tmpdir(), 'paralens-startup-lock-'));
beforeAll(database.create);
afterAll(async () => {
  await database.drop();
  rmSync(home, { recursive: true, force: true });
});

const instanceEnv = (): NodeJS.ProcessEnv => ({ ...process.env, DATABASE_URL: database.url, PARALENS_HOME: home });

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('two instances starting at once on an empty database', () => {
  it('one migrates and recovers while the other waits; then the other runs after it and both serve', async () => {
    const events: string[] = [];
    const logs: Record<'a' | 'b', string[]> = { a: [], b: [] };
    const start = (name: 'a' | 'b') =>
      openDatabase({
        env: instanceEnv(),
        seed: false,
        log: (line) => logs[name].push(line),
        atStartup: async (url) => {
          events.push(`${name} recovery starts`);
          // What the launcher's recovery reads: the migrated schema, there in full.
          await query(url, 'SELECT count(*) FROM "ImportJob"');
          await new Promise((r) => setTimeout(r, 300)); // long enough for an overlap to show
          events.push(`${name} recovery ends`);
        },
      });

    const [a, b] = await Promise.all([start('a'), start('b')]);

    const all = await listMigrationNames();
    const [first, second] = a.appliedMigrations.length > 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    expect({ a, b }[first].appliedMigrations).toEqual(all);
    expect({ a, b }[second].appliedMigrations).toEqual([]);
    expect(logs[second]).toContain('Another Paralens instance is migrating or recovering this database; waiting for it …');
    expect(logs[first].some((line) => line.startsWith('Applied migrations:'))).toBe(true);
    // One after the other, never interleaved: the second's start-up began once the first's had ended.
    expect(events).toEqual([
      `${first} recovery starts`,
      `${first} recovery ends`,
      `${second} recovery starts`,
      `${second} recovery ends`,
    ]);

    // Each migration recorded once, finished.
    const rows = await query<{ migration_name: string; finished: boolean }>(
      database.url,
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(all);
    expect(rows.every((r) => r.finished)).toBe(true);
    // Both serve: the schema is complete, and the lock was given back (a third start needs no wait).
    const third: string[] = [];
    const c = await openDatabase({
      env: instanceEnv(),
      seed: false,
      log: (l) => third.push(l),
    });
    expect(c.appliedMigrations).toEqual([]);
    expect(third).toEqual([]);
  });
});
