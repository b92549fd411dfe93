import { describe, expect, it } from 'vitest';
import { SessionClaimsCache } from './session-claims-cache';

describe('SessionClaimsCache (decoded session cookies)', () => {
  it('returns the stored claims until the token expires, then forgets them', () => {
    let now = 1_000_000;
    const cache = new SessionClaimsCache(10, 100, () => now);
    cache.set('a', { sub: '7', sv: 2, exp: 1_000 + 60 });
    expect(cache.get('a')).toEqual({ sub: '7', sv: 2, exp: 1_060 });
    expect(cache.get('b')).toBeUndefined();
    now = 1_060_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing without an expiry, already expired, or under a key longer than the limit', () => {
    const cache = new SessionClaimsCache(10, 5, () => 1_000_000);
    cache.set('a', { sub: '1', sv: 0 });
    cache.set('b', { sub: '1', sv: 0, exp: 999 });
    cache.set('toolong', { sub: '1', sv: 0, exp: 2_000 });
    expect(cache.size).toBe(0);
    cache.set('ok', { sub: '1', sv: 0, exp: 2_000 });
    expect(cache.size).toBe(1);
  });

  it('holds at most its capacity, dropping the oldest entry first', () => {
    const cache = new SessionClaimsCache(2, 100, () => 0);
    cache.set('a', { sub: '1', sv: 0, exp: 10 });
    cache.set('b', { sub: '2', sv: 0, exp: 10 });
    cache.set('a', { sub: '1', sv: 1, exp: 10 }); // refreshed: now the newest
    cache.set('c', { sub: '3', sv: 0, exp: 10 });
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.sv).toBe(1);
    expect(cache.get('c')?.sub).toBe('3');
  });
});
