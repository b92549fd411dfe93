/**
 * Everything a correlation table cell needs for one pair of variables (EACL 2023 paper,
 * Table 6: Pearson correlations of manual judgements with measures): Pearson's r, Spearman's
 * rho, Kendall's tau-b, n, Fisher z 95% intervals and two-sided p-values for r and rho.
 * The p-value is the t test of H0: rho = 0 with n - 2 degrees of freedom, as in
 * scipy.stats.pearsonr / spearmanr and R's cor.test; with t² = (n-2) r² / (1 - r²) it equals
 * I_{1-r²}((n-2)/2, 1/2), which avoids forming t for |r| near 1.
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import { computeFisherZInterval, type IntervalEstimate } from '@/lib/stats/fisher-z';
import { computeKendallTauB } from '@/lib/stats/kendall';
import { computePearson } from '@/lib/stats/pearson';
import { computeSpearman } from '@/lib/stats/spearman';
import { regularizedIncompleteBeta } from '@/lib/stats/special-functions';

export interface CorrelationSummary {
  n: number;
  pearson: Estimate;
  spearman: Estimate;
  kendall: Estimate;
  pearsonCI: IntervalEstimate;
  pearsonPValue: Estimate;
  spearmanCI: IntervalEstimate;
  spearmanPValue: Estimate;
}

/** Two-sided p-value of a correlation coefficient r from n pairs (t test, n - 2 df). */
export function computeCorrelationPValue(r: number, n: number): Estimate {
  if (n < 3) return undefinedEstimate('the t test needs n >= 3');
  if (!(r >= -1 && r <= 1)) return undefinedEstimate('no correlation to test');
  return definedEstimate(regularizedIncompleteBeta((1 - r) * (1 + r), (n - 2) / 2, 0.5));
}

function describeInterval(estimate: Estimate, n: number, confidence: number): IntervalEstimate {
  if (estimate.value === null) return { interval: null, reason: estimate.reason };
  return computeFisherZInterval(estimate.value, n, confidence);
}

function describePValue(estimate: Estimate, n: number): Estimate {
  if (estimate.value === null) return undefinedEstimate(estimate.reason);
  return computeCorrelationPValue(estimate.value, n);
}

export function computeCorrelationSummary(x: readonly number[], y: readonly number[], confidence = 0.95): CorrelationSummary {
  if (x.length !== y.length) throw new RangeError('x and y must have the same length');
  const n = x.length;
  const pearson = computePearson(x, y);
  const spearman = computeSpearman(x, y);
  return {
    n,
    pearson,
    spearman,
    kendall: computeKendallTauB(x, y),
    pearsonCI: describeInterval(pearson, n, confidence),
    pearsonPValue: describePValue(pearson, n),
    spearmanCI: describeInterval(spearman, n, confidence),
    spearmanPValue: describePValue(spearman, n),
  };
}

/** Drops the pairs where either value is missing (null), the usual complete-case rule. */
export function selectCompletePairs(x: readonly (number | null)[], y: readonly (number | null)[]): { x: number[]; y: number[] } {
  if (x.length !== y.length) throw new RangeError('x and y must have the same length');
  const keptX: number[] = [];
  const keptY: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const a = x[i];
    const b = y[i];
    if (a === null || a === undefined || b === null || b === undefined) continue;
    keptX.push(a);
    keptY.push(b);
  }
  return { x: keptX, y: keptY };
}
