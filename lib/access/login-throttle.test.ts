import { describe, expect, it } from 'vitest';
import { accountKey, registerFailure, remainingBlockMs, type ThrottlePolicy } from './login-throttle';

const policy: ThrottlePolicy = { maxFailures: 3, windowMs: 60_000, blockMs: 120_000 };
const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describe('login throttle', () => {
  it('blocks after maxFailures within the window, for blockMs', () => {
    let state = registerFailure(null, t(0), policy);
    state = registerFailure(state, t(10), policy);
    expect(remainingBlockMs(state, t(10))).toBe(0);
    state = registerFailure(state, t(20), policy);
    expect(state.failures).toBe(3);
    expect(remainingBlockMs(state, t(20))).toBe(120_000);
    expect(remainingBlockMs(state, t(80))).toBe(60_000);
    expect(remainingBlockMs(state, t(140))).toBe(0);
  });

  it('starts a new window when the old one expired', () => {
    let state = registerFailure(null, t(0), policy);
    state = registerFailure(state, t(10), policy);
    state = registerFailure(state, t(75), policy);
    expect(state.failures).toBe(1);
    expect(state.windowStart).toEqual(t(75));
    expect(remainingBlockMs(state, t(75))).toBe(0);
  });

  it('no state means no wait', () => {
    expect(remainingBlockMs(null, t(0))).toBe(0);
  });

  it('keys accounts case-insensitively', () => {
    expect(accountKey(' Ann@Example.org ')).toBe('account:ann@example.org');
  });
});
