import { describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { getThrottleState, purgeExpiredThrottles, recordSuccessfulSignIn, reserveSignInAttempt } from './login-throttle';
import { signInPolicy, type SignInKeys, type SignInPolicy } from '@/lib/access/login-throttle';

let n = 0;
/** Keys of their own per test, including the global counter, so tests never share a row. */
function freshKeys(): SignInKeys {
  n += 1;
  const tag = `${Date.now()}-${n}`;
  return { pair: `pair:test-${tag}|a@example.test`, address: `address:test-${tag}`, global: `global:test-${tag}` };
}

const policy: SignInPolicy = {
  ...signInPolicy,
  counters: { ...signInPolicy.counters, global: { ...signInPolicy.counters.global, freeFailures: 12 } },
};

describe('reserveSignInAttempt', () => {
  it('50 parallel attempts on one pair: exactly the free failures are reserved', async () => {
    const keys = freshKeys();
    const decisions = await Promise.all(Array.from({ length: 50 }, () => reserveSignInAttempt(getDb(), keys)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(signInPolicy.counters.pair.freeFailures);
    const pair = await getThrottleState(getDb(), keys.pair);
    expect(pair?.failures).toBe(signInPolicy.counters.pair.freeFailures);
    expect(pair?.blockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it('parallel attempts on many pairs sharing one global counter: the global cap holds exactly', async () => {
    const base = freshKeys();
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        reserveSignInAttempt(
          getDb(),
          { ...base, pair: `${base.pair}-${i}`, address: `${base.address}-${i % 7}` },
          new Date(),
          policy,
        ),
      ),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(12);
    expect((await getThrottleState(getDb(), base.global))?.failures).toBe(12);
  });

  it('a refused attempt counts nothing', async () => {
    const keys = freshKeys();
    for (let i = 0; i < 8; i += 1) await reserveSignInAttempt(getDb(), keys);
    expect((await getThrottleState(getDb(), keys.pair))?.failures).toBe(signInPolicy.counters.pair.freeFailures);
    expect((await getThrottleState(getDb(), keys.address))?.failures).toBe(signInPolicy.counters.pair.freeFailures);
  });
});

describe('recordSuccessfulSignIn', () => {
  it('clears the pair, makes it known and refunds the address and global counters', async () => {
    const keys = freshKeys();
    await reserveSignInAttempt(getDb(), keys);
    const decision = await reserveSignInAttempt(getDb(), keys);
    expect(decision.allowed).toBe(true);
    if (!decision.allowed) return;
    const now = new Date();
    await recordSuccessfulSignIn(getDb(), keys, decision.counted, now);
    expect(await getThrottleState(getDb(), keys.pair)).toEqual({
      failures: 0,
      lastFailureAt: null,
      blockedUntil: null,
      lastSuccessAt: now,
    });
    expect((await getThrottleState(getDb(), keys.address))?.failures).toBe(1);
    expect((await getThrottleState(getDb(), keys.global))?.failures).toBe(1);
  });

  it('a known pair is let through while its global counter is exhausted', async () => {
    const keys = freshKeys();
    const first = await reserveSignInAttempt(getDb(), keys, new Date(), policy);
    if (first.allowed) await recordSuccessfulSignIn(getDb(), keys, first.counted, new Date(), policy);
    for (let i = 0; i < 20; i += 1)
      await reserveSignInAttempt(
        getDb(),
        { ...keys, pair: `${keys.pair}-spray-${i}`, address: `${keys.address}-${i}` },
        new Date(),
        policy,
      );
    expect((await reserveSignInAttempt(getDb(), { ...keys, pair: `${keys.pair}-new` }, new Date(), policy)).allowed).toBe(false);
    expect(await reserveSignInAttempt(getDb(), keys, new Date(), policy)).toMatchObject({ allowed: true, counted: ['pair'] });
  });
});

describe('purgeExpiredThrottles', () => {
  it('deletes the rows whose delay, count and known pair are all over, and keeps the rest', async () => {
    const keys = freshKeys();
    const longAgo = new Date(Date.now() - 40 * 24 * 3_600_000);
    await reserveSignInAttempt(getDb(), keys, longAgo);
    const current = freshKeys();
    await reserveSignInAttempt(getDb(), current);
    expect(await purgeExpiredThrottles(getDb())).toBeGreaterThanOrEqual(3);
    for (const key of Object.values(keys)) expect(await getThrottleState(getDb(), key)).toBeNull();
    for (const key of Object.values(current)) expect(await getThrottleState(getDb(), key)).not.toBeNull();
  });
});
