/**
 * Start-up runs once at a time per database: migrations, the demo seed and the recovery after a
 * stop (jobs of owners that are gone, stale files, missing summaries) run under a session advisory
 * lock, so two instances starting together never both migrate; the second waits, then finds
 * nothing left to do. The lock is a session's: an instance that dies while holding it releases it
 * with its connection.
 */
import pg from 'pg';

/** The advisory lock's key (an arbitrary constant of Paralens's, distinct from the others it uses). */
export const STARTUP_LOCK_KEY = 73_010_038;

export interface StartupLockOptions {
  /** called once when another instance holds the lock and this one starts waiting for it */
  onWait?: () => void;
}

/** Runs `fn` while holding the start-up lock on the database at `url`, waiting for it as long as it takes. */
export async function withStartupLock<T>(url: string, fn: () => Promise<T>, options: StartupLockOptions = {}): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A server that goes away while we wait or work surfaces as a failed query, not as an uncaught error.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const got = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [STARTUP_LOCK_KEY])).rows[0]!.ok;
    if (!got) {
      options.onWait?.();
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    return await fn();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
}
