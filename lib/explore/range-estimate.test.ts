import { describe, expect, it } from 'vitest';
import { rangeShare, type ColumnStats } from './range-estimate';

/** Uniform on [0, 1]: 100 equal-count buckets, no common values, no nulls. */
const uniform: ColumnStats = {
  nullFrac: 0,
  commonValues: [],
  commonShares: [],
  histogram: Array.from({ length: 101 }, (_, i) => i / 100),
};

describe('rangeShare', () => {
  it('is the width of a range over a uniform column, interpolated within a bucket', () => {
    expect(rangeShare(uniform, 0.2, 0.3)).toBeCloseTo(0.1, 10);
    expect(rangeShare(uniform, 0.125, 0.13)).toBeCloseTo(0.005, 10);
    expect(rangeShare(uniform, 0.9, null)).toBeCloseTo(0.1, 10);
    expect(rangeShare(uniform, null, 0.02)).toBeCloseTo(0.02, 10);
    expect(rangeShare(uniform, null, null)).toBe(1);
  });

  it('is 0 outside the values and for an empty range, 1 over all of them', () => {
    expect(rangeShare(uniform, 1.5, 2)).toBe(0);
    expect(rangeShare(uniform, -2, -1)).toBe(0);
    expect(rangeShare(uniform, 0.6, 0.4)).toBe(0);
    expect(rangeShare(uniform, -1, 2)).toBe(1);
  });

  it('follows unequal buckets: a skewed column', () => {
    // half the values below 0.1, the other half between 0.1 and 1
    const skewed: ColumnStats = { nullFrac: 0, commonValues: [], commonShares: [], histogram: [0, 0.05, 0.1, 0.55, 1] };
    expect(rangeShare(skewed, 0, 0.1)).toBeCloseTo(0.5, 10);
    expect(rangeShare(skewed, 0.1, 1)).toBeCloseTo(0.5, 10);
    expect(rangeShare(skewed, 0.55, 1)).toBeCloseTo(0.25, 10);
  });

  it('counts common values in the range and leaves out nulls', () => {
    // 20% null, 30% the value 0.5, the other 50% uniform on [0, 1]
    const stats: ColumnStats = { nullFrac: 0.2, commonValues: [0.5], commonShares: [0.3], histogram: uniform.histogram };
    expect(rangeShare(stats, 0.4, 0.6)).toBeCloseTo(0.3 + 0.5 * 0.2, 10);
    expect(rangeShare(stats, 0.6, 0.8)).toBeCloseTo(0.5 * 0.2, 10);
    expect(rangeShare(stats, null, null)).toBeCloseTo(0.8, 10);
    // only common values (no histogram)
    expect(rangeShare({ nullFrac: 0, commonValues: [0, 1], commonShares: [0.4, 0.6], histogram: [] }, 0.5, null)).toBeCloseTo(
      0.6,
      10,
    );
  });
});
