/**
 * Benjamini–Yekutieli against the alt-test notebook's own by_procedure (nitaytech/AltTest at
 * 18428b1), run offline by lib/agreement/__fixtures__/generate-alt-test-cases.py on p-value lists
 * with ties, NaN (null here) and random ones, at q = 0.05 and 0.1 (alt-test/by-cases.json).
 */
import { describe, expect, it } from 'vitest';
import fixtures from '@/lib/agreement/__fixtures__/alt-test/by-cases.json';
import { rejectBenjaminiYekutieli } from '@/lib/stats/multiple-testing';

const cases = fixtures.cases as Array<{ pvalues: Array<number | string>; q: number; rejected: number[] }>;

describe('rejectBenjaminiYekutieli (the notebook by_procedure)', () => {
  it('has cases that reject some and not all', () => {
    expect(cases.some((c) => c.rejected.length > 0 && c.rejected.length < c.pvalues.length)).toBe(true);
  });

  cases.forEach((c, i) => {
    it(`case ${i}: [${c.pvalues.join(', ')}] at q = ${c.q} rejects [${c.rejected.join(', ')}]`, () => {
      const pValues = c.pvalues.map((p) => (p === 'nan' ? null : Number(p)));
      expect(rejectBenjaminiYekutieli(pValues, c.q)).toEqual(c.rejected);
    });
  });

  it('is a step-up rule: a p-value above its own threshold is rejected when a larger one passes', () => {
    // m = 2, H = 1.5: thresholds 0.5 · 0.05/1.5 = 0.0167 and 0.0333; 0.03 fails the first, passes the second.
    expect(rejectBenjaminiYekutieli([0.03, 0.03], 0.05)).toEqual([0, 1]);
    expect(rejectBenjaminiYekutieli([0.03, 0.04], 0.05)).toEqual([]);
    expect(rejectBenjaminiYekutieli([], 0.05)).toEqual([]);
  });
});
