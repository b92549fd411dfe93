/**
 * Sign-in throttling policy (pure; lib/db/accounts/login-throttle.ts stores the states and applies it).
 *
 * Three counters, each with a few free failures and then progressive delays (OWASP Authentication
 * Cheat Sheet, "Login Throttling"): one account at one address (`pair`), one address across
 * accounts (`address`), and every address together (`global`, which stops password spraying from
 * many addresses). An attempt is counted *before* its password is checked (the storage reserves it
 * atomically), so parallel guesses cannot exceed the free failures; a success clears its pair and
 * refunds the other counters. A pair that signed in recently is *known*: only its own counter
 * applies, so nobody at another address can lock the account's owner out.
 */
import { createHash } from 'node:crypto';

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date | null;
  blockedUntil: Date | null;
  lastSuccessAt: Date | null;
}

export interface ThrottlePolicy {
  /** failures before the first delay */
  freeFailures: number;
  /** the first delay; each further failure doubles it */
  baseDelayMs: number;
  maxDelayMs: number;
  /** the count starts again after this long without a failure */
  forgetAfterMs: number;
}

export type SignInCounter = 'pair' | 'address' | 'global';
export const signInCounters: readonly SignInCounter[] = ['pair', 'address', 'global'];

export interface SignInPolicy {
  counters: Record<SignInCounter, ThrottlePolicy>;
  /** how long a successful sign-in makes its account-and-address pair known */
  knownPairMs: number;
}

const minute = 60_000;
const hour = 60 * minute;

export const signInPolicy: SignInPolicy = {
  counters: {
    pair: { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * minute, forgetAfterMs: 24 * hour },
    // an address may try more accounts (shared NAT), but not without bound
    address: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 15 * minute, forgetAfterMs: hour },
    // beyond 100 failures an hour, unknown pairs share about one attempt a minute
    global: { freeFailures: 100, baseDelayMs: 1_000, maxDelayMs: minute, forgetAfterMs: hour },
  },
  knownPairMs: 30 * 24 * hour,
};

export const emptyThrottleState: ThrottleState = { failures: 0, lastFailureAt: null, blockedUntil: null, lastSuccessAt: null };

/** The state as it counts at `now`: failures older than forgetAfterMs are forgotten. */
export function currentState(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState {
  const s = state ?? emptyThrottleState;
  const forgotten = s.lastFailureAt !== null && now.getTime() - s.lastFailureAt.getTime() > policy.forgetAfterMs;
  return forgotten ? { ...s, failures: 0, lastFailureAt: null, blockedUntil: null } : s;
}

/** Milliseconds the counter must still wait, or 0 when it may try now. */
export function remainingDelayMs(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): number {
  const { blockedUntil } = currentState(state, now, policy);
  return blockedUntil ? Math.max(0, blockedUntil.getTime() - now.getTime()) : 0;
}

/** The delay after the n-th failure: none up to freeFailures - 1, then base, 2·base, 4·base … up to max. */
export function delayAfterFailure(n: number, policy: ThrottlePolicy): number {
  if (n < policy.freeFailures) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(n - policy.freeFailures, 30), policy.maxDelayMs);
}

/** The state after one more (reserved) attempt at `now`. */
export function registerAttempt(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState {
  const s = currentState(state, now, policy);
  const failures = s.failures + 1;
  const delay = delayAfterFailure(failures, policy);
  return { ...s, failures, lastFailureAt: now, blockedUntil: delay > 0 ? new Date(now.getTime() + delay) : s.blockedUntil };
}

/** A reserved attempt that turned out to be a success no longer counts against the counter. */
export function refundAttempt(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState {
  const s = currentState(state, now, policy);
  const failures = Math.max(0, s.failures - 1);
  return { ...s, failures, blockedUntil: failures < policy.freeFailures ? null : s.blockedUntil };
}

export function isKnownPair(pair: ThrottleState | null, now: Date, policy: SignInPolicy = signInPolicy): boolean {
  return pair?.lastSuccessAt != null && now.getTime() - pair.lastSuccessAt.getTime() <= policy.knownPairMs;
}

export type CounterStates = Record<SignInCounter, ThrottleState | null>;

export type AttemptDecision =
  | { allowed: true; counted: SignInCounter[]; next: Partial<Record<SignInCounter, ThrottleState>> }
  | { allowed: false; retryAfterMs: number };

/** Whether a sign-in attempt may check its password now and, if so, the counters it is charged to. */
export function decideAttempt(states: CounterStates, now: Date, policy: SignInPolicy = signInPolicy): AttemptDecision {
  const counted: SignInCounter[] = isKnownPair(states.pair, now, policy) ? ['pair'] : [...signInCounters];
  const wait = Math.max(...counted.map((c) => remainingDelayMs(states[c], now, policy.counters[c])));
  if (wait > 0) return { allowed: false, retryAfterMs: wait };
  const next: Partial<Record<SignInCounter, ThrottleState>> = {};
  for (const c of counted) next[c] = registerAttempt(states[c], now, policy.counters[c]);
  return { allowed: true, counted, next };
}

/** After a successful sign-in: the pair starts again (and becomes known), the other counters get their attempt back. */
export function settleSuccess(
  states: CounterStates,
  counted: readonly SignInCounter[],
  now: Date,
  policy: SignInPolicy = signInPolicy,
): Partial<Record<SignInCounter, ThrottleState>> {
  const next: Partial<Record<SignInCounter, ThrottleState>> = { pair: { ...emptyThrottleState, lastSuccessAt: now } };
  for (const c of counted) if (c !== 'pair') next[c] = refundAttempt(states[c], now, policy.counters[c]);
  return next;
}

/** When a row stops mattering: its delay and its count are over and its pair is no longer known. */
export function expiryOf(state: ThrottleState, policy: ThrottlePolicy, knownPairMs: number): Date {
  const times = [
    state.blockedUntil?.getTime() ?? 0,
    state.lastFailureAt ? state.lastFailureAt.getTime() + policy.forgetAfterMs : 0,
    state.lastSuccessAt ? state.lastSuccessAt.getTime() + knownPairMs : 0,
  ];
  return new Date(Math.max(...times));
}

export type SignInKeys = Record<SignInCounter, string>;

/** Keys are at most this long; longer ones keep a readable head and end in a SHA-256 of the whole. */
export const maxThrottleKeyLength = 160;

export function capKey(key: string): string {
  if (key.length <= maxThrottleKeyLength) return key;
  const digest = createHash('sha256').update(key).digest('hex');
  return `${key.slice(0, maxThrottleKeyLength - digest.length - 1)}#${digest}`;
}

/** The three counters' keys for a sign-in with `email` from an address bucket (see addressBucket). */
export function signInKeys(email: string, bucket: string): SignInKeys {
  const account = email.trim().toLowerCase();
  return { pair: capKey(`pair:${bucket}|${account}`), address: capKey(`address:${bucket}`), global: 'global' };
}

/** "Wait 30 seconds", "Wait 4 minutes": how long a refused sign-in must wait, rounded up. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `Wait ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `Wait ${minutes} minutes`;
}
