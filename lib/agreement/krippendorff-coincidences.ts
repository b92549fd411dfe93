/**
 * The coincidence matrix of Krippendorff (2011), o_ck = Σ_u (c-k pairs in u) / (m_u - 1), and
 * α computed from it. Dashboards can aggregate the matrix in SQL (or sum the per-unit
 * matrices of subsets) and hand it here; the matrix determines α completely, because the
 * marginals n_c = Σ_k o_ck are the pairable-value counts the expected disagreement needs.
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import { NO_PAIRABLE_UNITS, SINGLE_VALUE } from '@/lib/agreement/krippendorff-alpha';
import { computeOrdinalMidRanks, createDistance, sumExpectedDisagreement } from '@/lib/agreement/krippendorff-metric';
import {
  AgreementInputError,
  buildValueDomain,
  checkRatingMatrix,
  listObservedValues,
  type MeasurementLevel,
  type RatingMatrix,
  type RatingValue,
} from '@/lib/agreement/rating-values';

export interface CoincidenceMatrix {
  /** Values in the order of the matrix rows and columns. */
  values: readonly RatingValue[];
  /** matrix[c][k] = o_ck; symmetric, rows sum to the pairable-value counts n_c. */
  matrix: number[][];
}

export function computeCoincidenceMatrix(
  ratings: RatingMatrix,
  options: { level: MeasurementLevel; categories?: readonly RatingValue[] },
): CoincidenceMatrix {
  const { coders, units } = checkRatingMatrix(ratings);
  const domain = buildValueDomain(listObservedValues(ratings), options.level, options.categories);
  const size = domain.values.length;
  const matrix = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const counts = new Float64Array(size);
  for (let u = 0; u < units; u++) {
    counts.fill(0);
    let m = 0;
    for (let c = 0; c < coders; c++) {
      const value = ratings[c]?.[u];
      if (value === null || value === undefined) continue;
      const index = domain.indexOf.get(value) ?? 0;
      counts[index] = (counts[index] ?? 0) + 1;
      m++;
    }
    if (m < 2) continue;
    for (let a = 0; a < size; a++) {
      const na = counts[a] ?? 0;
      if (na === 0) continue;
      const row = matrix[a] ?? [];
      for (let b = 0; b < size; b++) {
        const pairs = a === b ? na * (na - 1) : na * (counts[b] ?? 0);
        if (pairs !== 0) row[b] = (row[b] ?? 0) + pairs / (m - 1);
      }
    }
  }
  return { values: domain.values, matrix };
}

/** α from a coincidence matrix over ordered `values` (numbers for interval and ratio). */
export function computeKrippendorffAlphaFromCoincidences(
  coincidences: CoincidenceMatrix,
  level: MeasurementLevel,
): Estimate & { pairableValues: number } {
  const { values, matrix } = coincidences;
  const size = values.length;
  if (matrix.length !== size || matrix.some((row) => row.length !== size)) {
    throw new AgreementInputError(`the coincidence matrix must be ${size} x ${size}, one row and column per value`);
  }
  const domain = buildValueDomain(values, level, values);
  const marginals = Float64Array.from(matrix, (row) => row.reduce((s, v) => s + v, 0));
  const n = marginals.reduce((s, v) => s + v, 0);
  if (!(n > 0)) return { ...undefinedEstimate(NO_PAIRABLE_UNITS), pairableValues: 0 };
  if (marginals.filter((v) => v > 0).length < 2) return { ...undefinedEstimate(SINGLE_VALUE), pairableValues: n };
  const positions = level === 'ordinal' ? computeOrdinalMidRanks(marginals) : domain.numeric;
  const distance = createDistance(level === 'ordinal' ? 'interval' : level, positions);
  let observed = 0;
  matrix.forEach((row, c) => row.forEach((o, k) => (observed += o * distance(c, k))));
  const expected = sumExpectedDisagreement(level, marginals, positions, distance);
  return { ...definedEstimate(1 - ((n - 1) * observed) / expected), pairableValues: n };
}
