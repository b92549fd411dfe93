/**
 * Cohen's kappa for two coders: unweighted (Cohen 1960) and weighted (Cohen 1968) with
 * linear |i - j| or quadratic (i - j)² disagreement weights by position in the ordered
 * category list, κ_w = 1 - Σ w_ij O_ij / Σ w_ij E_ij with E_ij = row_i col_j / N. This is
 * scikit-learn's cohen_kappa_score and statsmodels' cohens_kappa(wt='linear'|'quadratic');
 * positions run over the categories given, or over the sorted observed values (as R irr
 * kappa2 and sklearn do when no labels are passed).
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import { AgreementInputError, buildValueDomain, type RatingValue } from '@/lib/agreement/rating-values';

export type KappaWeighting = 'unweighted' | 'linear' | 'quadratic';

export const NO_UNITS = 'no unit was rated by both coders';
export const NO_CHANCE_DISAGREEMENT = 'chance disagreement is 0 (both coders used one and the same category), so kappa is 0/0';

function weightOf(weighting: KappaWeighting, i: number, j: number): number {
  if (weighting === 'unweighted') return i === j ? 0 : 1;
  const d = Math.abs(i - j);
  return weighting === 'linear' ? d : d * d;
}

/**
 * κ from a square contingency table: table[i][j] counts units coder A put in category i and
 * coder B in category j, categories in their order.
 */
export function computeCohenKappaFromTable(
  table: readonly (readonly number[])[],
  weighting: KappaWeighting = 'unweighted',
): Estimate {
  const size = table.length;
  if (table.some((row) => row.length !== size)) {
    throw new AgreementInputError('the contingency table must be square');
  }
  const rowTotals = table.map((row) => row.reduce((s, v) => s + v, 0));
  const columnTotals = Array.from({ length: size }, (_, j) => table.reduce((s, row) => s + (row[j] ?? 0), 0));
  const total = rowTotals.reduce((s, v) => s + v, 0);
  if (!(total > 0)) return undefinedEstimate(NO_UNITS);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < size; i++) {
    const row = table[i] ?? [];
    for (let j = 0; j < size; j++) {
      const w = weightOf(weighting, i, j);
      if (w === 0) continue;
      observed += w * (row[j] ?? 0);
      expected += (w * (rowTotals[i] ?? 0) * (columnTotals[j] ?? 0)) / total;
    }
  }
  if (expected === 0) return undefinedEstimate(NO_CHANCE_DISAGREEMENT);
  return definedEstimate(1 - observed / expected);
}

/** Contingency table of two equally long rating lists over the given ordered values. */
export function buildContingencyTable(
  a: readonly RatingValue[],
  b: readonly RatingValue[],
  indexOf: ReadonlyMap<RatingValue, number>,
): number[][] {
  const size = indexOf.size;
  const table = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  a.forEach((value, u) => {
    const i = indexOf.get(value);
    const other = b[u];
    const j = other === undefined ? undefined : indexOf.get(other);
    if (i === undefined || j === undefined) throw new AgreementInputError(`unit ${u} has a value outside the categories`);
    const row = table[i] ?? [];
    row[j] = (row[j] ?? 0) + 1;
  });
  return table;
}

/**
 * κ from the two coders' ratings of the same units. Weighted kappa needs an order: numeric
 * ratings (sorted) or an ordered `categories` list.
 */
export function computeCohenKappa(
  a: readonly RatingValue[],
  b: readonly RatingValue[],
  options: { weighting?: KappaWeighting; categories?: readonly RatingValue[] } = {},
): Estimate {
  if (a.length !== b.length) throw new AgreementInputError('both coders must rate the same units');
  const weighting = options.weighting ?? 'unweighted';
  const level = weighting === 'unweighted' ? 'nominal' : 'ordinal';
  const domain = buildValueDomain([...a, ...b], level, options.categories);
  return computeCohenKappaFromTable(buildContingencyTable(a, b, domain.indexOf), weighting);
}
