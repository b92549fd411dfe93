/**
 * Storage of the sign-in throttle counters (policy: lib/access/login-throttle.ts). Each decision
 * runs in one transaction that locks the counters' rows, so parallel attempts are counted one by
 * one: an attempt is reserved here *before* its password is checked.
 */
import type { Db } from '../client';
import type { Prisma } from '../generated/client';
import {
  decideAttempt,
  expiryOf,
  settleSuccess,
  signInCounters,
  signInPolicy,
  type AttemptDecision,
  type CounterStates,
  type SignInCounter,
  type SignInKeys,
  type SignInPolicy,
  type ThrottleState,
} from '@/lib/access/login-throttle';

type Tx = Prisma.TransactionClient;

// Many sign-ins may queue for the counters' row locks (the global row is shared): wait, do not fail.
const transactionOptions = { maxWait: 30_000, timeout: 30_000 } as const;

/**
 * Locks the counters' rows, creating missing ones. One key at a time in sorted order, so two
 * transactions always take their locks in the same order and cannot deadlock.
 */
async function lockCounters(tx: Tx, keys: SignInKeys, now: Date): Promise<CounterStates> {
  const states: CounterStates = { pair: null, address: null, global: null };
  const order = [...signInCounters].sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
  for (const counter of order) {
    const key = keys[counter];
    // A purge may delete the row between the insert and the lock: insert again then.
    for (let attempt = 0; attempt < 3 && states[counter] === null; attempt += 1) {
      await tx.$executeRaw`INSERT INTO "LoginThrottle" ("key", "failures", "expiresAt", "updatedAt")
        VALUES (${key}, 0, ${new Date(now.getTime() + 3_600_000)}, ${now}) ON CONFLICT ("key") DO NOTHING`;
      const rows = await tx.$queryRaw<ThrottleState[]>`
        SELECT "failures", "lastFailureAt", "blockedUntil", "lastSuccessAt" FROM "LoginThrottle" WHERE "key" = ${key} FOR UPDATE`;
      states[counter] = rows[0] ?? null;
    }
    if (states[counter] === null) throw new Error(`could not lock the sign-in counter ${key}`);
  }
  return states;
}

async function writeCounters(
  tx: Tx,
  keys: SignInKeys,
  next: Partial<Record<SignInCounter, ThrottleState>>,
  policy: SignInPolicy,
): Promise<void> {
  for (const counter of signInCounters) {
    const state = next[counter];
    if (!state) continue;
    const expiresAt = expiryOf(state, policy.counters[counter], counter === 'pair' ? policy.knownPairMs : 0);
    await tx.loginThrottle.update({ where: { key: keys[counter] }, data: { ...state, expiresAt } });
  }
}

/** Counts one sign-in attempt against its counters, or refuses it (then nothing is counted). */
export function reserveSignInAttempt(
  db: Db,
  keys: SignInKeys,
  now = new Date(),
  policy = signInPolicy,
): Promise<AttemptDecision> {
  return db.$transaction(async (tx) => {
    const decision = decideAttempt(await lockCounters(tx, keys, now), now, policy);
    if (decision.allowed) await writeCounters(tx, keys, decision.next, policy);
    return decision;
  }, transactionOptions);
}

/** After the password matched: clears the pair (now known) and refunds the counters the attempt was charged to. */
export async function recordSuccessfulSignIn(
  db: Db,
  keys: SignInKeys,
  counted: readonly SignInCounter[],
  now = new Date(),
  policy = signInPolicy,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const next = settleSuccess(await lockCounters(tx, keys, now), counted, now, policy);
    await writeCounters(tx, keys, next, policy);
  }, transactionOptions);
}

/** Deletes counters that no longer matter (their delay and count are over, their pair no longer known). */
export async function purgeExpiredThrottles(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.loginThrottle.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}

export function getThrottleState(db: Db, key: string): Promise<ThrottleState | null> {
  return db.loginThrottle.findUnique({
    where: { key },
    select: { failures: true, lastFailureAt: true, blockedUntil: true, lastSuccessAt: true },
  });
}
