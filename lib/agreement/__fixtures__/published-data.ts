/**
 * Published reliability data sets shared by the agreement tests, with their sources.
 */
import type { RatingMatrix } from '@/lib/agreement/rating-values';

/**
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers
 * (rows A-D) x 12 units, values 1-5, missing values as null. Published alphas: nominal 0.743,
 * ordinal 0.815, interval 0.849, ratio 0.797; n = 40 pairable values.
 */
export const KRIPPENDORFF_2011: RatingMatrix = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

/**
 * Fleiss (1971) diagnoses of 30 patients by 6 psychiatrists into 5 categories, in the raw
 * form given by statsmodels' test suite (statsmodels/stats/tests/test_inter_rater.py,
 * `diagnoses`, one row per subject) and R irr's `diagnoses`; kappa 0.4302445
 * (R irr kappam.fleiss, asserted there to 7 decimals).
 */
export const FLEISS_1971_DIAGNOSES_BY_SUBJECT: readonly (readonly number[])[] = [
  [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5], [2, 2, 2, 4, 4, 4],
  [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4], [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5],
  [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4], [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5],
  [3, 3, 3, 3, 3, 5], [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
  [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4], [1, 4, 4, 4, 4, 5],
  [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4], [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
];

/**
 * Wikipedia, "Fleiss' kappa", worked example (also statsmodels test_inter_rater.py `table1`):
 * 10 subjects x 5 categories, 14 raters each; kappa 0.210.
 */
export const WIKIPEDIA_FLEISS_COUNTS: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
];

/** Transposes subjects x raters into the coders x units layout used here. */
export function transposeToCodersByUnits(bySubject: readonly (readonly number[])[]): number[][] {
  const coders = bySubject[0]?.length ?? 0;
  return Array.from({ length: coders }, (_, c) => bySubject.map((row) => row[c] ?? 0));
}
