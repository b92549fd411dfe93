/**
 * The Wilcoxon signed-rank test of one sample of differences d (H0: symmetric about 0), with
 * scipy.stats.wilcoxon's defaults in scipy 1.17 (zero_method='wilcox', correction=False,
 * method='auto'; scipy/stats/_wilcoxon.py):
 * - zeros are dropped from the ranking ("wilcox"); the others are ranked by |d| with average
 *   ranks for ties; R+ is the sum of the ranks of positive differences;
 * - 'auto' chooses by the sample size n, zeros included: above 50 the normal approximation;
 *   otherwise without ties or zeros the exact null distribution of R+; with ties or zeros the
 *   exact enumeration of all 2^n sign flips up to n = 13 (scipy's permutation_test, exact because
 *   2^13 is below its 9,999 resamples), and the normal approximation from 14 to 50;
 * - the normal approximation: z = (R+ − m(m+1)/4) / √((m(m+1)(2m+1) − Σ(t³ − t)/2) / 24) over the
 *   m non-zero differences, t the sizes of tied groups, without continuity correction;
 * - the statistic is R+ for one-sided tests and min(R+, R−) for the two-sided one.
 * Both exact branches count sign patterns with integers (ranks doubled so mid-ranks stay whole), so
 * their p-values are the same fractions scipy sums. Undefined results (no differences, or only
 * zeros where the normal approximation applies, which scipy reports as NaN) are null with a reason.
 * The alt-test uses it below 30 items per annotator (lib/agreement/alt-test.ts).
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import { computeNormalCdf } from '@/lib/stats/normal-cdf';
import { computeAverageRanks } from '@/lib/stats/ranks';
import type { Alternative } from '@/lib/stats/t-test';

export type WilcoxonMethod = 'exact' | 'permutation' | 'asymptotic';

export interface WilcoxonSignedRank {
  /** differences, zeros included */
  n: number;
  zeros: number;
  method: WilcoxonMethod;
  /** R+ (one-sided) or min(R+, R−) (two-sided) */
  statistic: Estimate;
  pValue: Estimate;
}

/** Largest sample the exact branches handle in 'auto' (scipy: 50 without ties, 13 with). */
const EXACT_LIMIT = 50;
const ENUMERATION_LIMIT = 13;

/**
 * How many of the 2^k sign patterns give each value of 2·R+, for doubled ranks `ranks2`
 * (a zero's sign changes nothing, so it doubles every count).
 */
function countSignPatterns(ranks2: readonly number[], zeros: number): number[] {
  const total = ranks2.reduce((s, r) => s + r, 0);
  let counts = new Array<number>(total + 1).fill(0);
  counts[0] = 2 ** zeros;
  let reach = 0;
  for (const r of ranks2) {
    const next = counts.slice();
    for (let s = 0; s <= reach; s++) if (counts[s]) next[s + r]! += counts[s]!;
    counts = next;
    reach += r;
  }
  return counts;
}

function exactPValue(counts: readonly number[], observed2: number, patterns: number, alternative: Alternative): number {
  let atMost = 0;
  let atLeast = 0;
  counts.forEach((c, s) => {
    if (s <= observed2) atMost += c;
    if (s >= observed2) atLeast += c;
  });
  const less = atMost / patterns;
  const greater = atLeast / patterns;
  if (alternative === 'less') return less;
  if (alternative === 'greater') return greater;
  return Math.min(1, 2 * Math.min(less, greater));
}

function asymptoticPValue(rPlus: number, m: number, tieSizes: readonly number[], alternative: Alternative): number {
  const mean = m * (m + 1) * 0.25;
  const tieCorrection = tieSizes.reduce((s, t) => s + t ** 3 - t, 0);
  const se = Math.sqrt((m * (m + 1) * (2 * m + 1) - tieCorrection / 2) / 24);
  const z = (rPlus - mean) / se;
  if (alternative === 'less') return computeNormalCdf(z);
  if (alternative === 'greater') return computeNormalCdf(-z);
  return 2 * computeNormalCdf(-Math.abs(z));
}

function groupSizes(sorted: readonly number[]): number[] {
  const sizes: number[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    sizes.push(j - i);
    i = j;
  }
  return sizes;
}

export function computeWilcoxonSignedRank(
  differences: readonly number[],
  alternative: Alternative = 'two-sided',
): WilcoxonSignedRank {
  const n = differences.length;
  const nonZero = differences.filter((d) => d !== 0);
  const zeros = n - nonZero.length;
  const ranks = computeAverageRanks(nonZero.map(Math.abs));
  let rPlus = 0;
  let rMinus = 0;
  nonZero.forEach((d, i) => {
    if (d > 0) rPlus += ranks[i] ?? 0;
    else rMinus += ranks[i] ?? 0;
  });
  const tieSizes = groupSizes(nonZero.map(Math.abs).sort((a, b) => a - b));
  const hasTies = tieSizes.some((t) => t > 1);
  const method: WilcoxonMethod =
    n > EXACT_LIMIT ? 'asymptotic' : !hasTies && zeros === 0 ? 'exact' : n <= ENUMERATION_LIMIT ? 'permutation' : 'asymptotic';
  const statistic = alternative === 'two-sided' ? Math.min(rPlus, rMinus) : rPlus;
  if (n === 0) {
    const reason = 'no differences to test';
    return { n, zeros, method, statistic: undefinedEstimate(reason), pValue: undefinedEstimate(reason) };
  }
  if (method === 'asymptotic') {
    if (nonZero.length === 0) {
      const reason = 'every difference is zero, so the normal approximation has no variance (scipy returns NaN)';
      return { n, zeros, method, statistic: definedEstimate(statistic), pValue: undefinedEstimate(reason) };
    }
    const p = asymptoticPValue(rPlus, nonZero.length, tieSizes, alternative);
    return { n, zeros, method, statistic: definedEstimate(statistic), pValue: definedEstimate(p) };
  }
  const ranks2 = Array.from(ranks, (r) => Math.round(2 * r));
  const counts = countSignPatterns(ranks2, zeros);
  const p = exactPValue(counts, Math.round(2 * rPlus), 2 ** n, alternative);
  return { n, zeros, method, statistic: definedEstimate(statistic), pValue: definedEstimate(p) };
}
