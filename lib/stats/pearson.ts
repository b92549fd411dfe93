/**
 * Pearson's product-moment correlation r, computed stably: a corrected two-pass mean
 * (Chan, Golub & LeVeque 1983, "Algorithms for computing the sample variance") and
 * deviations scaled by their largest magnitude before squaring, so data with large offsets
 * (Wilkinson's BIG = 99999991..99999999), tiny values (1e-245) or huge ones (1e200) neither
 * lose digits nor under/overflow (the cases of scipy.stats.pearsonr's tests).
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';

function computeCenteredScaled(values: ArrayLike<number>): Float64Array | null {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] ?? 0;
  let mean = sum / n;
  let correction = 0;
  for (let i = 0; i < n; i++) correction += (values[i] ?? 0) - mean;
  mean += correction / n;
  const deviations = new Float64Array(n);
  let largest = 0;
  for (let i = 0; i < n; i++) {
    const d = (values[i] ?? 0) - mean;
    deviations[i] = d;
    if (Math.abs(d) > largest) largest = Math.abs(d);
  }
  if (largest === 0) return null;
  for (let i = 0; i < n; i++) deviations[i] = (deviations[i] ?? 0) / largest;
  return deviations;
}

/** Pearson's r of paired samples; null when n < 2 or either variable is constant. */
export function computePearson(x: ArrayLike<number>, y: ArrayLike<number>): Estimate {
  if (x.length !== y.length) throw new RangeError('x and y must have the same length');
  if (x.length < 2) return undefinedEstimate('needs at least 2 pairs');
  const dx = computeCenteredScaled(x);
  if (!dx) return undefinedEstimate('x is constant');
  const dy = computeCenteredScaled(y);
  if (!dy) return undefinedEstimate('y is constant');
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < dx.length; i++) {
    const a = dx[i] ?? 0;
    const b = dy[i] ?? 0;
    sxx += a * a;
    syy += b * b;
    sxy += a * b;
  }
  // Deviations are scaled to at most 1, so sxx * syy <= n² cannot overflow.
  const r = sxy / Math.sqrt(sxx * syy);
  // Rounding can push |r| a hair past 1 for perfectly linear data.
  return definedEstimate(Math.max(-1, Math.min(1, r)));
}
