/**
 * Sign-in rate limiting, per account and per address: after `maxFailures` failed attempts
 * within `windowMs`, the key is blocked for `blockMs`; a success clears the account's count.
 * Pure decision logic; lib/db/login-throttle.ts stores the counters.
 */
export interface ThrottleState {
  failures: number;
  windowStart: Date;
  blockedUntil: Date | null;
}

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  blockMs: number;
}

export const accountPolicy: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };
/** an address may try more accounts (shared NAT), but not without bound */
export const addressPolicy: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };

/** Milliseconds the key must still wait, or 0 when it may try now. */
export function remainingBlockMs(state: ThrottleState | null, now: Date): number {
  if (!state?.blockedUntil) return 0;
  return Math.max(0, state.blockedUntil.getTime() - now.getTime());
}

/** The state after one more failure at `now`. */
export function registerFailure(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState {
  const windowExpired = !state || now.getTime() - state.windowStart.getTime() > policy.windowMs;
  const failures = windowExpired ? 1 : state.failures + 1;
  const windowStart = windowExpired ? now : state.windowStart;
  const blockedUntil =
    failures >= policy.maxFailures ? new Date(now.getTime() + policy.blockMs) : (state?.blockedUntil ?? null);
  return { failures, windowStart, blockedUntil };
}

export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

export function addressKey(address: string): string {
  return `address:${address}`;
}
