/**
 * The Wilcoxon signed-rank test against scipy.stats.wilcoxon with its defaults (scipy 1.17.1:
 * zero_method 'wilcox', no continuity correction, method 'auto'), values computed offline by
 * lib/agreement/__fixtures__/generate-alt-test-cases.py into __fixtures__/hypothesis-tests.json.
 * The generator records which branch 'auto' took (exact distribution, enumeration of the sign flips,
 * normal approximation) and confirms it by calling scipy with that method spelled out; the cases
 * cover each branch with and without ties and zeros, the alt-test's d − ε samples and the all-zero
 * samples scipy answers with p = 1 (enumeration) or NaN (normal approximation). Φ is checked
 * against scipy.special.ndtr.
 */
import { describe, expect, it } from 'vitest';
import fixtures from '@/lib/stats/__fixtures__/hypothesis-tests.json';
import { computeNormalCdf } from '@/lib/stats/normal-cdf';
import type { Alternative } from '@/lib/stats/t-test';
import { computeWilcoxonSignedRank, type WilcoxonMethod } from '@/lib/stats/wilcoxon';

type Num = number | string;
const cases = fixtures.wilcoxon as Array<{
  x: number[];
  alternative: Alternative;
  method: WilcoxonMethod;
  statistic: Num;
  pvalue: Num;
}>;

describe('computeWilcoxonSignedRank (scipy.stats.wilcoxon 1.17.1, defaults)', () => {
  it('has cases of every branch', () => {
    for (const method of ['exact', 'permutation', 'asymptotic']) {
      expect(cases.filter((c) => c.method === method).length).toBeGreaterThan(20);
    }
  });

  cases.forEach((c, i) => {
    it(`case ${i}: n = ${c.x.length}, ${c.alternative}, ${c.method}: p = ${c.pvalue}`, () => {
      const result = computeWilcoxonSignedRank(c.x, c.alternative);
      expect(result.method).toBe(c.method);
      if (c.pvalue === 'nan') {
        expect(result.pValue.value).toBeNull();
        expect(result.pValue.reason).toBeTruthy();
      } else {
        const expected = Number(c.pvalue);
        // The exact branches are the same fractions; the normal one differs only in Φ's last digits.
        const tolerance = c.method === 'asymptotic' ? 1e-12 * Math.max(expected, 1e-300) : 0;
        expect(Math.abs((result.pValue.value ?? Number.NaN) - expected)).toBeLessThanOrEqual(tolerance);
      }
      if (c.statistic === 'nan') expect(result.statistic.value).toBeNull();
      else expect(result.statistic.value).toBe(c.statistic);
    });
  });
});

describe('computeNormalCdf (scipy.special.ndtr)', () => {
  for (const { z, cdf } of fixtures.normalCdf) {
    it(`Φ(${z}) = ${cdf}`, () => {
      const value = computeNormalCdf(z);
      if (cdf === 0) expect(value).toBe(0);
      else expect(Math.abs(value - cdf) / cdf).toBeLessThan(1e-13);
    });
  }
});
