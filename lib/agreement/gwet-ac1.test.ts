/**
 * Gwet's AC1 against the irrCAC test suite (afergadis/irrCAC,
 * test/unit/irrCAC/raw/test_gwet.py, data from irrCAC/datasets.py; the 4-rater set is Gwet's
 * Handbook of Inter-Rater Reliability, 4th ed., p. 120), values rounded to 3 digits there,
 * and against random matrices scored offline with a transcription of irrCAC's CAC.gwet
 * (__fixtures__/reference-cases.json).
 */
import { describe, expect, it } from 'vitest';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import type { RatingMatrix } from '@/lib/agreement/rating-values';
import { REFERENCE_CASES } from '@/lib/agreement/__fixtures__/reference-cases';

const n = null;

function ac1(ratings: RatingMatrix, categories?: readonly (string | number)[]): number | null {
  return computeAgreementReport({ ratings, level: 'nominal', ...(categories ? { categories } : {}) }).coefficients.gwetAC1.value;
}

describe("Gwet's AC1 (irrCAC test_gwet.py)", () => {
  it('raw_4raters (Gwet 2014 p. 120, 4 raters x 12 units, missing ratings): 0.775', () => {
    const ratings: RatingMatrix = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, n, n, n],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, n, n],
      [n, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3],
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, n],
    ];
    expect(ac1(ratings)).toBeCloseTo(0.775, 3);
  });

  it('raw_gender (4 raters x 15 units, a/b/c): 0.208', () => {
    const ratings = [
      'a a a a a b b b c a a a a a b',
      'a a a a b a b c c a a a a b a',
      'a b b c a a b b c a b b c a a',
      'c c c c a a b b c c c c c a a',
    ].map((row) => row.split(' '));
    expect(ac1(ratings)).toBeCloseTo(0.208, 3);
  });

  it('raw_g1g2 (4 raters x 14 units, a-e, missing ratings): 0.685', () => {
    const ratings: RatingMatrix = [
      ['a', 'b', 'c', 'c', 'b', 'a', 'd', 'a', 'b', n, n, n, 'b', 'b'],
      ['a', 'b', 'c', 'c', 'b', 'b', 'd', 'a', 'b', 'e', n, n, 'b', 'a'],
      [n, 'c', 'c', 'c', 'b', 'c', 'd', 'b', 'b', 'e', 'a', 'c', 'c', 'c'],
      ['a', 'b', 'c', 'c', 'b', 'd', 'd', 'a', 'b', 'e', 'a', n, 'b', 'b'],
    ];
    expect(ac1(ratings)).toBeCloseTo(0.685, 3);
  });

  it('raw_5observers (5 observers x 15 units, scale 0-3, missing ratings): 0.497', () => {
    const ratings: RatingMatrix = [
      [1, 1, 2, n, 0, 0, 1, 1, 2, 2, n, 0, 1, 3, 1],
      [1, 1, 3, 0, 0, 0, 0, n, 2, 1, 1, 0, 2, 3, 1],
      [2, 0, 3, 0, 0, 0, 2, 2, 2, 1, 0, 0, 2, 2, 1],
      [n, 1, 3, n, n, n, n, 0, n, 1, 0, 0, 2, 2, n],
      [2, n, n, 0, 0, 0, 1, n, 2, n, n, n, n, 3, 1],
    ];
    expect(ac1(ratings)).toBeCloseTo(0.497, 3);
  });

  it('raw_ben_gerry (2 raters x 12 units, one missing): 0.661', () => {
    const ratings: RatingMatrix = [
      ['a', 'a', 'b', 'b', 'd', 'c', 'c', 'c', 'e', 'd', 'd', 'a'],
      ['b', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'e', n, 'd', 'd'],
    ];
    expect(ac1(ratings)).toBeCloseTo(0.661, 3);
  });

  it('declared but unused categories raise q and lower chance agreement', () => {
    const ratings = [
      ['a', 'a', 'b', 'a'],
      ['a', 'a', 'b', 'b'],
    ];
    const observedOnly = ac1(ratings) ?? NaN;
    const withUnused = ac1(ratings, ['a', 'b', 'c']) ?? NaN;
    // q = 2: p_a = 0.75, π = (5/8, 3/8), p_e = 15/32; q = 3 halves p_e.
    expect(observedOnly).toBeCloseTo((0.75 - 15 / 32) / (1 - 15 / 32), 14);
    expect(withUnused).toBeCloseTo((0.75 - 15 / 64) / (1 - 15 / 64), 14);
  });

  it('high prevalence of one category: kappa collapses, AC1 does not (Gwet 2008 paradox)', () => {
    const a = [...new Array<string>(18).fill('no'), 'yes', 'no'];
    const b = [...new Array<string>(18).fill('no'), 'no', 'yes'];
    const report = computeAgreementReport({ ratings: [a, b], level: 'nominal' });
    expect(report.coefficients.percentAgreement.value).toBe(0.9);
    expect(report.coefficients.cohenKappa.value).toBeCloseTo(-1 / 19, 14);
    expect(report.coefficients.gwetAC1.value).toBeGreaterThan(0.85);
  });

  it('one category only: null', () => {
    expect(
      computeAgreementReport({
        ratings: [
          ['x', 'x'],
          ['x', 'x'],
        ],
        level: 'nominal',
      }).coefficients.gwetAC1.value,
    ).toBeNull();
  });

  for (const [name, reference] of Object.entries(REFERENCE_CASES)) {
    it(`random matrix ${name} matches the irrCAC transcription`, () => {
      expect(ac1(reference.ratings)).toBeCloseTo(reference.gwetAC1, 12);
    });
  }
});
