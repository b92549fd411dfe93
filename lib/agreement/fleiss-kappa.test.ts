/**
 * Fleiss' kappa against Fleiss (1971) (diagnoses data, kappa 0.430; R irr kappam.fleiss
 * 0.4302445 as asserted in statsmodels/stats/tests/test_inter_rater.py::test_fleiss_kappa_irr),
 * the Wikipedia worked example (0.210; statsmodels test_fleiss_kappa) and statsmodels 0.13.5
 * fleiss_kappa run offline on random complete matrices (__fixtures__/reference-cases.json).
 */
import { describe, expect, it } from 'vitest';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { computeFleissKappaFromCounts, ONE_CATEGORY, UNEQUAL_RATINGS } from '@/lib/agreement/fleiss-kappa';
import { AgreementInputError } from '@/lib/agreement/rating-values';
import {
  FLEISS_1971_DIAGNOSES_BY_SUBJECT,
  transposeToCodersByUnits,
  WIKIPEDIA_FLEISS_COUNTS,
} from '@/lib/agreement/__fixtures__/published-data';
import { REFERENCE_CASES } from '@/lib/agreement/__fixtures__/reference-cases';

describe("Fleiss' kappa", () => {
  it('Wikipedia example (10 subjects x 14 raters): 0.210; statsmodels 0.13.5 gives 0.20993070442195522', () => {
    const kappa = computeFleissKappaFromCounts(WIKIPEDIA_FLEISS_COUNTS).value;
    expect(kappa).toBeCloseTo(0.21, 3);
    expect(kappa).toBeCloseTo(0.20993070442195522, 14);
  });

  it('Fleiss (1971) diagnoses, 30 subjects x 6 raters: 0.430 (R irr: 0.4302445)', () => {
    const report = computeAgreementReport({
      ratings: transposeToCodersByUnits(FLEISS_1971_DIAGNOSES_BY_SUBJECT),
      level: 'nominal',
    });
    expect(report.coefficients.fleissKappa.value).toBeCloseTo(0.4302445, 7);
    expect(report.units).toBe(30);
    expect(report.pairableValues).toBe(180);
  });

  it('the same from the subject x category counts (statsmodels aggregate_raters column sums 26, 26, 30, 55, 43)', () => {
    const counts = FLEISS_1971_DIAGNOSES_BY_SUBJECT.map((row) => [1, 2, 3, 4, 5].map((c) => row.filter((v) => v === c).length));
    expect([0, 1, 2, 3, 4].map((j) => counts.reduce((s, row) => s + (row[j] ?? 0), 0))).toEqual([26, 26, 30, 55, 43]);
    expect(computeFleissKappaFromCounts(counts).value).toBeCloseTo(0.4302445, 7);
  });

  for (const name of ['C', 'D'] as const) {
    it(`random complete matrix ${name} matches statsmodels fleiss_kappa`, () => {
      const reference = REFERENCE_CASES[name];
      if (!reference) throw new Error(`reference case ${name} is missing`);
      const report = computeAgreementReport({ ratings: reference.ratings, level: 'nominal' });
      expect(report.coefficients.fleissKappa.value).toBeCloseTo(reference.fleiss ?? NaN, 12);
    });
  }

  it('units with different numbers of ratings: null with a reason', () => {
    expect(
      computeFleissKappaFromCounts([
        [2, 0],
        [1, 2],
      ]),
    ).toEqual({ value: null, reason: UNEQUAL_RATINGS });
  });

  it('one category only: null, not 1 or NaN', () => {
    expect(
      computeFleissKappaFromCounts([
        [3, 0],
        [3, 0],
      ]),
    ).toEqual({ value: null, reason: ONE_CATEGORY });
  });

  it('a missing rating in the matrix makes the report value null', () => {
    const report = computeAgreementReport({
      ratings: [
        [1, 2, 1],
        [1, null, 2],
        [1, 2, 2],
      ],
      level: 'nominal',
    });
    expect(report.coefficients.fleissKappa.value).toBeNull();
    expect(report.coefficients.fleissKappa.reason).toMatch(/every coder on every unit/);
  });

  it('invalid count matrices throw', () => {
    expect(() => computeFleissKappaFromCounts([])).toThrow(AgreementInputError);
    expect(() => computeFleissKappaFromCounts([[1, 2], [3]])).toThrow(AgreementInputError);
    expect(() => computeFleissKappaFromCounts([[1.5, 2]])).toThrow(AgreementInputError);
  });
});
