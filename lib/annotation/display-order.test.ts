import { describe, expect, it } from 'vitest';
import { isDisplaySwapped, textsInDisplayOrder } from './display-order';

describe('isDisplaySwapped', () => {
  it('is the lowest bit of the last byte of md5("campaign:user:pair") (digests from Python hashlib.md5)', () => {
    // md5("1:2:3") = 7b6e…921e (0x1e even), md5("1:2:4") = fd11…2b73 (odd), md5("5:6:7") = 99b5…b61d (odd)
    expect(isDisplaySwapped(true, 1, 2, 3)).toBe(false);
    expect(isDisplaySwapped(true, 1, 2, 4)).toBe(true);
    expect(isDisplaySwapped(true, 5, 6, 7)).toBe(true);
    expect(isDisplaySwapped(false, 1, 2, 4)).toBe(false);
  });

  it('never swaps a pair whose two texts are the same text (forward and reverse mean the same there)', () => {
    expect(isDisplaySwapped(true, 1, 2, 4, ['A cat.', 'A dog.'])).toBe(true);
    expect(isDisplaySwapped(true, 1, 2, 4, ['A cat.', 'A cat.'])).toBe(false);
    expect(isDisplaySwapped(true, 5, 6, 7, ['', ''])).toBe(false);
  });

  it('swaps about half of the pairs', () => {
    const swapped = Array.from({ length: 1000 }, (_, i) => isDisplaySwapped(true, 7, 11, i)).filter(Boolean).length;
    expect(swapped).toBeGreaterThan(430);
    expect(swapped).toBeLessThan(570);
  });

  it('orders texts', () => {
    expect(textsInDisplayOrder('a', 'b', true)).toEqual(['b', 'a']);
    expect(textsInDisplayOrder('a', 'b', false)).toEqual(['a', 'b']);
  });
});
