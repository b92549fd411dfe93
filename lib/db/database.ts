/**
 * The one database handle (docs/decisions/018-one-database-handle.md). Paralens talks to PostgreSQL
 * through three engines: Prisma (most queries), a pg pool (the annotation hot path, dashboards, raw
 * SQL) and connections of their own (COPY, an export's snapshot, a held lock). Which one a query uses
 * is lib/db's business: every lib/db query accepts a `Database`, whichever engine it runs on, so a
 * route, page, action, command or job runner hands over `database()` (or the handle it was given)
 * and never chooses. A query keeps its engine's parameter type, so a test or a transaction can still
 * pass a Prisma transaction client or a pool connection.
 */
import type pg from 'pg';
import { createPrismaClient, getDb, type Db } from './client';
import { createDedicatedClient, createSqlPool, getSqlPool, type SqlPool } from './sql-pool';
import { setting } from '@/lib/config/settings';

interface DatabaseParts {
  /** A connection of its own (COPY, a snapshot, a held lock), not yet connected; its user ends it. */
  readonly copyConnection: () => pg.Client;
  /** Ends the handle's Prisma client and pool (a command's or job process's handle at its end). */
  readonly close: () => Promise<void>;
}

/**
 * Prisma and the pool behind one value: a Prisma call (`db.pair.findMany`, `$transaction`) reaches
 * the Prisma client, a pool call (`query`, `connect`) the pool. Pass it to lib/db; only lib/db uses it.
 */
export type Database = Db & SqlPool & DatabaseParts;

interface Engines {
  prisma: () => Db;
  pool: () => SqlPool;
  url: () => string;
  close: () => Promise<void>;
}

function handle(engines: Engines): Database {
  const parts: DatabaseParts = {
    copyConnection: () => createDedicatedClient({ connectionString: engines.url() }),
    close: engines.close,
  };
  const owner = (key: string | symbol): object | undefined => {
    if (key in parts) return parts;
    const pool = engines.pool();
    if (key in pool) return pool;
    // never a thenable: a handle returned from an async function must not be awaited into
    return key === 'then' ? undefined : engines.prisma();
  };
  // A method runs on its engine, not on the proxy; a Prisma model (`db.pair`) is handed over as it is.
  const isMethod = (target: object, key: string | symbol, value: unknown) =>
    typeof value === 'function' && (target === parts || target === engines.pool() || String(key).startsWith('$'));
  return new Proxy({} as Database, {
    get(_target, key) {
      const target = owner(key);
      if (!target) return undefined;
      const value: unknown = Reflect.get(target, key);
      return isMethod(target, key, value) ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (_target, key) => key in parts || key in engines.pool() || key in engines.prisma(),
  });
}

const globalForDatabase = globalThis as unknown as { paralensDatabase?: Database };

/** The process-wide handle for DATABASE_URL: the app's requests, and tests that use the test database. */
export function database(): Database {
  globalForDatabase.paralensDatabase ??= handle({
    prisma: getDb,
    pool: getSqlPool,
    url: () => {
      const url = setting('DATABASE_URL');
      if (!url) throw new Error('DATABASE_URL is not set: start Paralens with `npm start`.');
      return url;
    },
    close: async () => {
      await Promise.all([getDb().$disconnect(), getSqlPool().end()]);
    },
  });
  return globalForDatabase.paralensDatabase;
}

/**
 * A handle of its own on `url` (a command's database, a job process, a benchmark): Prisma with
 * `prismaConnections`, the pool with `poolConnections`, both opened lazily; `close()` ends them.
 */
export function openDatabaseHandle(url: string, sizes: { prismaConnections?: number; poolConnections?: number } = {}): Database {
  let prisma: Db | undefined;
  let pool: SqlPool | undefined;
  return handle({
    prisma: () => (prisma ??= createPrismaClient(url, sizes.prismaConnections)),
    pool: () => (pool ??= createSqlPool(url, sizes.poolConnections)),
    url: () => url,
    close: async () => {
      await Promise.all([prisma?.$disconnect(), pool?.end()]);
    },
  });
}
