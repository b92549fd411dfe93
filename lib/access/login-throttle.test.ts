import { describe, expect, it } from 'vitest';
import {
  capKey,
  describeWait,
  decideAttempt,
  delayAfterFailure,
  expiryOf,
  maxThrottleKeyLength,
  registerAttempt,
  remainingDelayMs,
  settleSuccess,
  signInKeys,
  type CounterStates,
  type SignInPolicy,
  type ThrottlePolicy,
  type ThrottleState,
} from './login-throttle';

const counter: ThrottlePolicy = { freeFailures: 3, baseDelayMs: 10_000, maxDelayMs: 60_000, forgetAfterMs: 600_000 };
const policy: SignInPolicy = {
  counters: { pair: counter, address: { ...counter, freeFailures: 5 }, global: { ...counter, freeFailures: 8 } },
  knownPairMs: 86_400_000,
};
const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const none: CounterStates = { pair: null, address: null, global: null };

function attempts(n: number, at: (i: number) => Date, start: ThrottleState | null = null): ThrottleState | null {
  let state = start;
  for (let i = 0; i < n; i += 1) state = registerAttempt(state, at(i), counter);
  return state;
}

describe('progressive delays', () => {
  it('allows freeFailures - 1 failures without delay, then doubles the delay up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => delayAfterFailure(n, counter))).toEqual([
      0, 0, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });

  it('blocks after the third failure for the base delay, counted from that failure', () => {
    const state = attempts(3, (i) => t(i));
    expect(remainingDelayMs(state, t(2), counter)).toBe(10_000);
    expect(remainingDelayMs(state, t(7), counter)).toBe(5_000);
    expect(remainingDelayMs(state, t(12), counter)).toBe(0);
    expect(remainingDelayMs(registerAttempt(state, t(12), counter), t(12), counter)).toBe(20_000);
  });

  it('forgets failures after forgetAfterMs without one', () => {
    const state = attempts(3, (i) => t(i));
    expect(remainingDelayMs(state, t(601), counter)).toBe(0);
    expect(registerAttempt(state, t(603), counter).failures).toBe(1);
    expect(registerAttempt(state, t(500), counter).failures).toBe(4);
  });

  it('no state means no wait', () => {
    expect(remainingDelayMs(null, t(0), counter)).toBe(0);
  });
});

describe('decideAttempt', () => {
  it('charges an unknown pair to all three counters', () => {
    const decision = decideAttempt(none, t(0), policy);
    expect(decision.allowed && decision.counted).toEqual(['pair', 'address', 'global']);
    expect(decision.allowed && decision.next.pair?.failures).toBe(1);
  });

  it('refuses while any charged counter is delayed, and says for how long', () => {
    const address: ThrottleState = { failures: 5, lastFailureAt: t(4), blockedUntil: t(14), lastSuccessAt: null };
    expect(decideAttempt({ ...none, address }, t(6), policy)).toEqual({ allowed: false, retryAfterMs: 8_000 });
  });

  it('a known pair is only charged to its own counter: a busy address or a global attack does not lock it out', () => {
    const pair: ThrottleState = { failures: 0, lastFailureAt: null, blockedUntil: null, lastSuccessAt: t(0) };
    const blocked: ThrottleState = { failures: 50, lastFailureAt: t(99), blockedUntil: t(160), lastSuccessAt: null };
    const decision = decideAttempt({ pair, address: blocked, global: blocked }, t(100), policy);
    expect(decision.allowed && decision.counted).toEqual(['pair']);
    // …but an unknown pair waits
    expect(decideAttempt({ pair: null, address: blocked, global: blocked }, t(100), policy)).toEqual({
      allowed: false,
      retryAfterMs: 60_000,
    });
  });

  it('a pair stops being known knownPairMs after its last success', () => {
    const pair: ThrottleState = { failures: 0, lastFailureAt: null, blockedUntil: null, lastSuccessAt: t(0) };
    const later = new Date(t(0).getTime() + policy.knownPairMs + 1);
    const decision = decideAttempt({ ...none, pair }, later, policy);
    expect(decision.allowed && decision.counted).toEqual(['pair', 'address', 'global']);
  });

  it('the reservations of a burst stop at the free failures: the rest are refused without a password check', () => {
    let states: CounterStates = none;
    let allowed = 0;
    for (let i = 0; i < 50; i += 1) {
      const decision = decideAttempt(states, t(0), policy);
      if (!decision.allowed) continue;
      allowed += 1;
      states = { ...states, ...decision.next };
    }
    expect(allowed).toBe(counter.freeFailures);
  });
});

describe('settleSuccess', () => {
  it('clears the pair, marks it known and refunds the other counters', () => {
    const address = attempts(5, (i) => t(i));
    const next = settleSuccess(
      { pair: attempts(2, (i) => t(i)), address, global: null },
      ['pair', 'address', 'global'],
      t(5),
      policy,
    );
    expect(next.pair).toEqual({ failures: 0, lastFailureAt: null, blockedUntil: null, lastSuccessAt: t(5) });
    expect(next.address?.failures).toBe(4);
    expect(next.address?.blockedUntil).toBeNull();
    expect(next.global?.failures).toBe(0);
  });

  it('refunds only what was charged', () => {
    const next = settleSuccess({ pair: null, address: attempts(2, (i) => t(i)), global: null }, ['pair'], t(5), policy);
    expect(Object.keys(next)).toEqual(['pair']);
  });
});

describe('expiryOf', () => {
  it('is the latest of the delay end, the forget time and the known-pair time', () => {
    const state: ThrottleState = { failures: 3, lastFailureAt: t(10), blockedUntil: t(20), lastSuccessAt: null };
    expect(expiryOf(state, counter, policy.knownPairMs)).toEqual(t(610));
    expect(expiryOf({ ...state, lastSuccessAt: t(0) }, counter, policy.knownPairMs)).toEqual(t(86_400));
  });
});

describe('keys', () => {
  it('keys pairs by address bucket and lower-cased email', () => {
    expect(signInKeys(' Ann@Example.org ', '192.0.2.1')).toEqual({
      pair: 'pair:192.0.2.1|ann@example.org',
      address: 'address:192.0.2.1',
      global: 'global',
    });
  });

  it('caps long keys, keeping distinct keys distinct', () => {
    const a = signInKeys(`${'a'.repeat(300)}@example.org`, '192.0.2.1').pair;
    const b = signInKeys(`${'a'.repeat(299)}b@example.org`, '192.0.2.1').pair;
    expect(a.length).toBe(maxThrottleKeyLength);
    expect(a).not.toBe(b);
    expect(capKey('short')).toBe('short');
  });
});

describe('describeWait', () => {
  it('rounds up to seconds, and to minutes from 90 seconds', () => {
    expect(describeWait(1)).toBe('Wait 1 second');
    expect(describeWait(29_001)).toBe('Wait 30 seconds');
    expect(describeWait(89_000)).toBe('Wait 89 seconds');
    expect(describeWait(15 * 60_000)).toBe('Wait 15 minutes');
  });
});
