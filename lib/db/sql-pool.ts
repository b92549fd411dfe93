/**
 * A plain pg connection pool for the annotation hot path (next, submit, skip, the JSON Lines
 * stream): short explicit transactions with row locks, where every round trip counts and Prisma's
 * interactive transactions only add layers (docs/decisions/005-assignment-locking.md). Sessions
 * run in UTC, and `timestamp` columns (Prisma's DateTime, stored as UTC) are read as UTC, so dates
 * agree with what Prisma reads and writes.
 */
import pg from 'pg';
import { setting } from '@/lib/config/settings';

export type SqlPool = pg.Pool;
export type SqlClient = pg.PoolClient;
/** Either: a single statement can run on the pool, a transaction's on its connection. */
export type Queryable = pg.Pool | pg.PoolClient;

const TIMESTAMP_OID = 1114;

const parseUtcTimestamp = (value: string) => new Date(`${value.replace(' ', 'T')}Z`);

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary'
      ? parseUtcTimestamp
      : (pg.types.getTypeParser(oid, format ?? 'text') as unknown)) as typeof pg.types.getTypeParser,
};

export function createSqlPool(connectionString: string, max = 10): SqlPool {
  const pool = new pg.Pool({ connectionString, max, options: '-c TimeZone=UTC', types });
  // An idle connection the server closes (PostgreSQL restarting or stopping, an administrator's
  // pg_terminate_backend) leaves the pool, which opens another when needed; without a listener pg
  // raises it as an uncaught exception in whatever process holds the pool.
  pool.on('error', (error) =>
    console.warn(`paralens: an idle database connection closed (${error.message}); the next query opens another`),
  );
  return pool;
}

const globalForPool = globalThis as unknown as { paralensSqlPool?: SqlPool };

/** The process-wide pool for DATABASE_URL; database() (database.ts) reaches it. */
export function getSqlPool(): SqlPool {
  if (!globalForPool.paralensSqlPool) {
    const url = setting('DATABASE_URL');
    if (!url) throw new Error('DATABASE_URL is not set: start Paralens with `npm start`.');
    globalForPool.paralensSqlPool = createSqlPool(url, setting('PARALENS_SQL_POOL_SIZE'));
  }
  return globalForPool.paralensSqlPool;
}

export interface TransactionOptions {
  /**
   * false: COMMIT does not wait for the write-ahead log to reach the disk (synchronous_commit off
   * for this transaction only). For writes that may be lost when PostgreSQL itself crashes — a
   * hold on a pair, never an answer: the last fraction of a second of them can vanish, nothing
   * becomes inconsistent (PostgreSQL docs, "Asynchronous Commit"). Default true.
   */
  durable?: boolean;
}

/** BEGIN on a connection of its own, `fn`, then COMMIT, or ROLLBACK when it throws; the connection released. */
async function transact<T>(client: SqlClient, begin: string, fn: (client: SqlClient) => Promise<T>): Promise<T> {
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Runs `fn` in a transaction on one connection: COMMIT when it returns, ROLLBACK when it throws. */
export async function inTransaction<T>(
  pool: SqlPool,
  fn: (client: SqlClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  // One round trip either way (a simple query may hold several statements).
  return transact(await pool.connect(), options.durable === false ? 'BEGIN; SET LOCAL synchronous_commit TO OFF' : 'BEGIN', fn);
}

/**
 * Runs `fn` on one connection in one REPEATABLE READ READ ONLY transaction: every statement sees the
 * same snapshot. A connection handed in is used as it is (its transaction is the caller's).
 */
export async function inReadSnapshot<T>(db: Queryable, fn: (client: Queryable) => Promise<T>): Promise<T> {
  if ('release' in db) return fn(db);
  return transact(await db.connect(), 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', fn);
}

/**
 * A named prepared statement: each connection plans it once (PostgreSQL then reuses the plan), so
 * the hot-path statements, whose CTEs take about a millisecond to plan, are not planned per call.
 */
export function preparedStatement(name: string, text: string) {
  return <R extends pg.QueryResultRow>(db: Queryable, values: unknown[]) => db.query<R>({ name, text, values });
}

/**
 * A connection of its own (an import's COPY session, an export's snapshot, a lock held for a job),
 * whose loss (PostgreSQL stopped, restarted, or the session terminated) fails the statement in
 * flight and every later one, instead of being raised as an uncaught exception that ends the process.
 */
export function createDedicatedClient(config: pg.ClientConfig): pg.Client {
  const client = new pg.Client(config);
  client.on('error', () => {}); // reported through the queries
  return client;
}
