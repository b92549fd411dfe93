import { describe, expect, it } from 'vitest';
import { formatPairTotal } from './pair-total';

describe('formatPairTotal', () => {
  it('shows an exact total in full', () => {
    expect(formatPairTotal({ value: 12_345, estimated: false })).toBe('12,345');
    expect(formatPairTotal({ value: 0, estimated: false })).toBe('0');
  });

  it('shows an estimate as "about" with three significant digits', () => {
    expect(formatPairTotal({ value: 12_345, estimated: true })).toBe('about 12,300');
    expect(formatPairTotal({ value: 998_765, estimated: true })).toBe('about 999,000');
    expect(formatPairTotal({ value: 10_001, estimated: true })).toBe('about 10,000');
    expect(formatPairTotal({ value: 42, estimated: true })).toBe('about 42');
  });
});
