/**
 * Confidence interval for a correlation through Fisher's z transformation (Fisher 1921):
 * z = atanh(r) is approximately normal with standard error 1 / sqrt(n - 3); the interval is
 * tanh(z ± z_{1-α/2} / sqrt(n - 3)). Same as scipy.stats.pearsonr(...).confidence_interval()
 * and R's cor.test. For Spearman's rho the same transformation is an approximation
 * (Fieller, Hartley & Pearson 1957 suggest a slightly larger variance, 1.06 / (n - 3)).
 */
import { computeNormalQuantile } from '@/lib/stats/probability-distributions';

export interface Interval {
  low: number;
  high: number;
}

export type IntervalEstimate = { interval: Interval; reason?: undefined } | { interval: null; reason: string };

export function computeFisherZInterval(r: number, n: number, confidence = 0.95): IntervalEstimate {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be in (0, 1)');
  if (!Number.isFinite(r) || r < -1 || r > 1) return { interval: null, reason: 'no correlation to bound' };
  if (n < 4) return { interval: null, reason: 'the Fisher z interval needs n >= 4' };
  const z = Math.atanh(r);
  const halfWidth = computeNormalQuantile(0.5 + confidence / 2) / Math.sqrt(n - 3);
  // atanh(±1) is ±Infinity and tanh brings it back to ±1: a perfect correlation keeps [r, r].
  return { interval: { low: Math.tanh(z - halfWidth), high: Math.tanh(z + halfWidth) } };
}
