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

const urlOfHandle = Symbol('the database URL');

interface DatabaseParts {
  /**
   * A connection of its own (an import's COPY session, an export's snapshot cursor, the explorer's
   * index builds, a mining run's staging, a held lock), not yet connected; its user ends it. `options`
   * are the session's start-up options (`-c TimeZone=UTC`). Every connection outside Prisma and the
   * pool comes from here: no caller holds the database URL (no worker thread needs one either; the
   * miner's map workers hand their rows back to the run's own connection).
   */
  readonly copyConnection: (config?: { options?: string }) => pg.Client;
  /** Ends the handle's Prisma client and pool (a command's or job process's handle at its end). */
  readonly close: () => Promise<void>;
  /** the URL, for databaseUrlOf only */
  readonly [urlOfHandle]: () => string;
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
    copyConnection: (config = {}) => createDedicatedClient({ ...config, connectionString: engines.url() }),
    close: engines.close,
    [urlOfHandle]: engines.url,
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

/**
 * The process-wide handle for DATABASE_URL: the app's requests, and tests that use the test database.
 * It keeps the client, pool and URL it first reached, so a handle held beyond its database (a job
 * lease's timer after a test file's database is closed and forgotten) never opens a new one.
 */
export function database(): Database {
  let prisma: Db | undefined;
  let pool: SqlPool | undefined;
  let url: string | undefined;
  globalForDatabase.paralensDatabase ??= handle({
    prisma: () => (prisma ??= getDb()),
    pool: () => (pool ??= getSqlPool()),
    url: () => {
      url ??= setting('DATABASE_URL');
      if (!url) throw new Error('DATABASE_URL is not set: start Paralens with `npm start`.');
      return url;
    },
    close: async () => {
      await Promise.all([(prisma ?? getDb()).$disconnect(), (pool ?? getSqlPool()).end()]);
    },
  });
  return globalForDatabase.paralensDatabase;
}

/**
 * The URL a handle connects to, for what only takes a URL: PostgreSQL's own tools (pg_dump in a
 * backup). Like the URL itself, only lib/db and lib/services may call it (scripts/lint/boundaries.mjs).
 */
export function databaseUrlOf(db: Database): string {
  return db[urlOfHandle]();
}

/** How many connections a handle of its own opens at most: Prisma's, the pool's (default 10 each). */
export interface HandleSizes {
  prismaConnections?: number;
  poolConnections?: number;
}

/**
 * A handle of its own on `url` (a command's database, a job process, a benchmark): Prisma with
 * `prismaConnections`, the pool with `poolConnections`, both opened lazily; `close()` ends them.
 */
export function openDatabaseHandle(url: string, sizes: HandleSizes = {}): Database {
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

/**
 * A handle of its own on DATABASE_URL, read here so that no caller holds the URL: a job process
 * (`paralens run-job`), whose supervisor passes the URL on in its environment. Undefined when it is
 * not set.
 */
export function openConfiguredDatabase(sizes: HandleSizes = {}): Database | undefined {
  const url = setting('DATABASE_URL');
  return url ? openDatabaseHandle(url, sizes) : undefined;
}
