/**
 * Only one app instance on a database takes each scheduled backup: the taker holds a session advisory
 * lock on a connection of its own for the whole backup; the others' attempts find it taken and skip.
 */
import type { Database } from '../database';

/** The advisory lock's key (an arbitrary constant of Paralens's, distinct from the others it uses). */
const BACKUP_LOCK_KEY = 73_010_037;

export interface HeldLock {
  release(): Promise<void>;
}

/** The lock, or null when another process holds it. */
export async function tryBackupLock(db: Database): Promise<HeldLock | null> {
  const client = db.copyConnection();
  await client.connect();
  try {
    const got = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [BACKUP_LOCK_KEY])).rows[0]!.ok;
    if (!got) {
      await client.end();
      return null;
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  // Ending the session releases the lock.
  return { release: () => client.end().catch(() => undefined) };
}
