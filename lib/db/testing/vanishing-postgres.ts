/**
 * A PostgreSQL of a test's own, which the test stops and starts again while a job runs (the worker
 * databases of lib/db/testing/global-setup.ts share one server that must stay up): the embedded
 * server on a folder and port of its own, migrated, stopped with its connections and started
 * again on the same data, port and password.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@/lib/runtime/embedded-postgres';
import { findFreePort } from '@/lib/runtime/ports';
import { applyMigrations } from '../migrations';
import { createSqlPool, type SqlPool } from '../sql-pool';

export interface VanishingPostgres {
  url: string;
  /** a pool of the test's own (its connections die with a stop; it opens new ones afterwards) */
  pool: SqlPool;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** ends every session of the database but the pool's next one (pg_terminate_backend) */
  terminateSessions(where?: string): Promise<number>;
  remove(): Promise<void>;
}

export async function startVanishingPostgres(): Promise<VanishingPostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paralens-vanishing-'));
  await chmod(dir, 0o755); // the postgres user must reach its data folder when we are root
  const options = { dataDir: path.join(dir, 'pgdata'), password: 'vanishing', unsafeFast: true, port: await findFreePort() };
  let server: EmbeddedDatabase | null = await startEmbeddedPostgres(options);
  const url = server.url;
  await applyMigrations(url);
  const pool = createSqlPool(url, 2);
  return {
    url,
    pool,
    async stop() {
      await server?.stop();
      server = null;
    },
    async start() {
      server ??= await startEmbeddedPostgres(options);
    },
    async terminateSessions(where = 'true') {
      const { rows } = await pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND (${where})`,
      );
      return rows.length;
    },
    async remove() {
      await pool.end().catch(() => {});
      await server?.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
