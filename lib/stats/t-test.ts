/**
 * Student's one-sample t-test of H0: mean = popmean, as scipy.stats.ttest_1samp computes it
 * (scipy 1.17): t = (x̄ − popmean) / √(s²/n) with the unbiased variance s² (ddof 1) and n − 1
 * degrees of freedom; p is P(T <= t) for 'less', P(T >= t) for 'greater' and 2 P(T >= |t|) for
 * 'two-sided', from the regularized incomplete beta (lib/stats/probability-distributions.ts). The alt-test
 * calls it with alternative 'less' (lib/agreement/alt-test.ts).
 *
 * A sample without variance follows scipy: its t is x̄ − popmean divided by 0, so −∞ (p = 0 for
 * 'less') or +∞ (p = 1) when the mean differs from popmean, and 0/0 when it equals it, which scipy
 * reports as NaN and this module as a null p-value with the reason. One value (no degrees of
 * freedom) and no value are undefined too. Checked against scipy in t-test.test.ts.
 */
import { computeStudentTCdf, computeStudentTTwoSidedP } from '@/lib/stats/probability-distributions';
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';

export type Alternative = 'less' | 'greater' | 'two-sided';

export interface OneSampleTTest {
  n: number;
  /** degrees of freedom, n − 1 */
  df: number;
  /** t; null with the reason when it is ±∞ (no variance) or undefined */
  statistic: Estimate;
  pValue: Estimate;
}

function pValueOf(t: number, df: number, alternative: Alternative): number {
  if (alternative === 'less') return computeStudentTCdf(t, df);
  if (alternative === 'greater') return computeStudentTCdf(-t, df);
  return computeStudentTTwoSidedP(t, df);
}

export function computeOneSampleTTest(
  values: readonly number[],
  popmean: number,
  alternative: Alternative = 'two-sided',
): OneSampleTTest {
  const n = values.length;
  const df = n - 1;
  if (n < 2) {
    const reason = n === 0 ? 'no values to test' : 'one value has no variance to test against (0 degrees of freedom)';
    return { n, df, statistic: undefinedEstimate(reason), pValue: undefinedEstimate(reason) };
  }
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  let squares = 0;
  for (const v of values) squares += (v - mean) * (v - mean);
  // scipy: the second central moment times n / (n − 1).
  const variance = (squares / n) * (n / (n - 1));
  const t = (mean - popmean) / Math.sqrt(variance / n);
  if (Number.isNaN(t)) {
    const reason = `every value equals ${popmean}: t = 0/0 (scipy returns NaN)`;
    return { n, df, statistic: undefinedEstimate(reason), pValue: undefinedEstimate(reason) };
  }
  const statistic = Number.isFinite(t)
    ? definedEstimate(t)
    : undefinedEstimate(`the values have no variance and their mean differs from ${popmean}: t = ${t > 0 ? '+∞' : '−∞'}`);
  return { n, df, statistic, pValue: definedEstimate(pValueOf(t, df, alternative)) };
}
