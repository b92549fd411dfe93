/**
 * Sample quantiles by linear interpolation between order statistics (Hyndman & Fan 1996
 * definition 7, the default of R's quantile() and numpy.percentile), used for percentile
 * bootstrap intervals.
 */

/** Quantile of already ascending-sorted values; p in [0, 1]. Returns NaN for no values. */
export function computeSortedQuantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0 || !(p >= 0 && p <= 1)) return Number.NaN;
  const h = (n - 1) * p;
  const lower = Math.floor(h);
  const upper = Math.min(lower + 1, n - 1);
  const a = sorted[lower] ?? Number.NaN;
  const b = sorted[upper] ?? Number.NaN;
  return a + (h - lower) * (b - a);
}
