/**
 * What an error says about its cause, for messages written for the user (docs/conventions.md
 * "Errors"): the database connection was lost (PostgreSQL stopped, restarted or ended the session),
 * a disk is full (ENOSPC here, or SQLSTATE 53100 in PostgreSQL). The codes are looked for wherever
 * pg, Prisma or its driver adapter and node's socket layer put them.
 */

/**
 * Every string under `keys` in the error and the objects it holds (Prisma nests the driver's error
 * as meta.driverAdapterError.cause.originalCode; pg and node put it in code).
 */
export function stringsUnder(error: unknown, keys: readonly string[], depth = 0, seen = new Set<unknown>()): string[] {
  if (typeof error !== 'object' || error === null || seen.has(error) || depth > 6) return [];
  seen.add(error);
  const found: string[] = [];
  for (const key of Object.getOwnPropertyNames(error)) {
    const value = (error as Record<string, unknown>)[key];
    if (typeof value === 'string' && keys.includes(key)) found.push(value);
    else if (typeof value === 'object') found.push(...stringsUnder(value, keys, depth + 1, seen));
  }
  return found;
}

const codesOf = (error: unknown) => stringsUnder(error, ['code', 'originalCode']);
const messagesOf = (error: unknown) => stringsUnder(error, ['message', 'originalMessage']);

/** SQLSTATEs of a lost connection: class 08, admin_shutdown, crash_shutdown, cannot_connect_now. */
const LOST_SQLSTATE = /^(?:08...|57P0[1-3])$/;
const LOST_NODE = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** Prisma: can't reach the server, the server closed the connection, timed out. */
const LOST_PRISMA = new Set(['P1001', 'P1002', 'P1017']);
const LOST_MESSAGES = [
  /connection terminated/i,
  // pg says "server closed the connection unexpectedly"; Prisma's raw queries "Server has closed the connection."
  /server (?:has )?closed the connection/i,
  /terminating connection/i,
  /not queryable/i,
  /can't reach database server/i,
  /connection (?:was )?closed/i,
  /the database system is (?:shutting down|starting up|in recovery mode)/i,
];

/** Whether the error means the connection to PostgreSQL was lost or could not be made. */
export function isConnectionLost(error: unknown): boolean {
  const codes = codesOf(error);
  if (codes.some((c) => LOST_NODE.has(c) || LOST_PRISMA.has(c) || LOST_SQLSTATE.test(c))) return true;
  return messagesOf(error).some((m) => LOST_MESSAGES.some((re) => re.test(m)));
}

/** A file system of this machine is full (a write, a rename or a folder that needs space). */
export function isDiskFull(error: unknown): boolean {
  return codesOf(error).includes('ENOSPC') || messagesOf(error).some((m) => /\bENOSPC\b/.test(m));
}

/** PostgreSQL's own disk is full (SQLSTATE 53100 disk_full). */
export function isDatabaseDiskFull(error: unknown): boolean {
  return codesOf(error).includes('53100') || messagesOf(error).some((m) => /could not (?:extend|write).*no space left/i.test(m));
}

/** A statement gave up waiting for a lock (SQLSTATE 55P03 lock_not_available: lock_timeout or NOWAIT). */
export function isLockTimeout(error: unknown): boolean {
  return codesOf(error).includes('55P03') || messagesOf(error).some((m) => /lock timeout|could not obtain lock/i.test(m));
}
