/**
 * Spearman's rank correlation rho: Pearson's r of the average ranks (ties share the mean
 * rank), as in Spearman (1904) with the standard tie correction and scipy.stats.spearmanr.
 */
import type { Estimate } from '@/lib/stats/estimate';
import { computePearson } from '@/lib/stats/pearson';
import { computeAverageRanks } from '@/lib/stats/ranks';

export function computeSpearman(x: readonly number[], y: readonly number[]): Estimate {
  if (x.length !== y.length) throw new RangeError('x and y must have the same length');
  return computePearson(computeAverageRanks(x), computeAverageRanks(y));
}
