/**
 * The one-sample t-test against scipy.stats.ttest_1samp (scipy 1.17.1), values computed offline by
 * lib/agreement/__fixtures__/generate-alt-test-cases.py into __fixtures__/hypothesis-tests.json:
 * random samples of 2 to 400 values, −1/0/1 differences as the alt-test makes them, the three
 * alternatives, and the zero-variance cases where scipy gives t = ±∞ or NaN.
 */
import { describe, expect, it } from 'vitest';
import fixtures from '@/lib/stats/__fixtures__/hypothesis-tests.json';
import { computeOneSampleTTest, type Alternative } from '@/lib/stats/t-test';

type Num = number | string;
const cases = fixtures.ttest as Array<{ x: number[]; popmean: number; alternative: Alternative; statistic: Num; pvalue: Num }>;

function expectClose(actual: number | null, expected: number, relative: number): void {
  expect(actual).not.toBeNull();
  const scale = Math.max(Math.abs(expected), 1e-300);
  expect(Math.abs((actual ?? Number.NaN) - expected) / scale).toBeLessThan(relative);
}

describe('computeOneSampleTTest (scipy.stats.ttest_1samp 1.17.1)', () => {
  it('has cases of every kind', () => {
    expect(cases.length).toBeGreaterThan(90);
    expect(cases.filter((c) => c.pvalue === 'nan').length).toBeGreaterThan(3);
    expect(cases.filter((c) => c.statistic === 'inf' || c.statistic === '-inf').length).toBeGreaterThan(3);
  });

  cases.forEach((c, i) => {
    it(`case ${i}: n = ${c.x.length}, popmean ${c.popmean}, ${c.alternative}: p = ${c.pvalue}`, () => {
      const result = computeOneSampleTTest(c.x, c.popmean, c.alternative);
      expect(result.n).toBe(c.x.length);
      if (c.pvalue === 'nan') {
        expect(result.pValue.value).toBeNull();
        expect(result.pValue.reason).toBeTruthy();
      } else {
        expectClose(result.pValue.value, Number(c.pvalue), 1e-10);
      }
      if (typeof c.statistic === 'number') expectClose(result.statistic.value, c.statistic, 1e-12);
      else {
        expect(result.statistic.value).toBeNull();
        if (c.statistic === 'inf') expect(result.statistic.reason).toContain('+∞');
        if (c.statistic === '-inf') expect(result.statistic.reason).toContain('−∞');
      }
    });
  });

  it('says why a constant sample equal to popmean has no p-value, and why one value has none', () => {
    expect(computeOneSampleTTest([0, 0, 0], 0, 'less').pValue).toEqual({
      value: null,
      reason: 'every value equals 0: t = 0/0 (scipy returns NaN)',
    });
    expect(computeOneSampleTTest([1], 0, 'less').pValue.reason).toMatch(/degrees of freedom/);
    expect(computeOneSampleTTest([], 0, 'less').pValue.reason).toBe('no values to test');
  });
});
