/**
 * Retrying database work that failed for a reason that passes: a serialization failure or deadlock
 * (another transaction won), a lock or statement timeout, a connection that was reset, refused or
 * closed, too many connections, a server shutting down or starting up. Everything else (a
 * constraint, a syntax error, a missing table, a raised exception) is permanent and thrown at once.
 * Only for idempotent work: a statement whose COMMIT was lost with its connection may have taken
 * effect, so running it again must do no harm (scoring writes fill in NULL columns only).
 */

import { stringsUnder } from '@/lib/errors/failure-causes';

/** SQLSTATE classes and codes that retrying can fix (PostgreSQL, Appendix A). */
const TRANSIENT_SQLSTATE = [
  /^08/, // connection exception
  /^40001$/, // serialization_failure
  /^40P01$/, // deadlock_detected
  /^55P03$/, // lock_not_available
  /^57014$/, // query_canceled (statement_timeout, lock_timeout)
  /^57P0[1-3]$/, // admin_shutdown, crash_shutdown, cannot_connect_now
  /^53300$/, // too_many_connections
];

const TRANSIENT_NODE = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /connection (?:was )?closed/i,
  /server closed the connection/i,
  /timeout exceeded when trying to connect/i,
  /unable to start a transaction in the given time/i,
  /expired transaction/i,
];

/** Whether the error (pg, Prisma or its driver adapter, or node's socket layer) may pass on a retry. */
export function isTransientDbError(error: unknown): boolean {
  const codes = stringsUnder(error, ['code', 'originalCode']);
  if (codes.some((c) => TRANSIENT_NODE.has(c) || TRANSIENT_SQLSTATE.some((re) => re.test(c)))) return true;
  return stringsUnder(error, ['message', 'originalMessage']).some((m) => TRANSIENT_MESSAGES.some((re) => re.test(m)));
}

export interface RetryOptions {
  /** tries in all, the first included (default 6) */
  attempts?: number;
  /** wait before the first retry, doubled each time (default 500 ms: 0.5 + 1 + 2 + 4 + 8 s in all) */
  firstDelayMs?: number;
  /** told before each wait */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** Runs `fn`, again after a growing wait when it fails for a transient reason; throws the last error otherwise. */
export async function withDbRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 6;
  let delay = options.firstDelayMs ?? 500;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts || !isTransientDbError(error)) throw error;
      options.onRetry?.(error, attempt, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }
}
