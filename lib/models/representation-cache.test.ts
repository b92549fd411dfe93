import { describe, expect, it } from 'vitest';
import { RepresentationCache } from '@/lib/models/representation-cache';

describe('RepresentationCache', () => {
  it('evicts the least recently used entries beyond the budget, never the ones in use', () => {
    const cache = new RepresentationCache<string>(10, (v) => v.length);
    cache.set(1, 'aaaa');
    cache.set(2, 'bbbb');
    cache.set(3, 'cccc');
    expect(cache.usedBytes).toBe(12);
    expect(cache.get(1)).toBe('aaaa'); // 1 is now the most recent
    cache.trim();
    expect([cache.has(1), cache.has(2), cache.has(3)]).toEqual([true, false, true]);
    cache.set(4, 'dddddd');
    cache.trim(new Set([3, 4]));
    expect([cache.has(1), cache.has(3), cache.has(4)]).toEqual([false, true, true]);
    expect(cache.usedBytes).toBe(10);
  });

  it('replaces an entry without counting it twice', () => {
    const cache = new RepresentationCache<string>(100, (v) => v.length);
    cache.set(1, 'aa');
    cache.set(1, 'aaaa');
    expect([cache.size, cache.usedBytes]).toEqual([1, 4]);
    expect(cache.get(9)).toBeUndefined();
  });
});
