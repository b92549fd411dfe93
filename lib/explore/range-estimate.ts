/**
 * The share of a table's rows a measure range selects, from the column's statistics as PostgreSQL's
 * ANALYZE keeps them (`pg_stats`: the share of nulls, the most common values with their shares, and
 * the bounds of equal-count histogram buckets over the other values). This is the estimate the
 * planner itself makes for a range (linear within a bucket), computed without planning a statement:
 * the explorer chooses a page plan from it (lib/db/pairs/pair-plans.ts, docs/decisions/009).
 */

/** A numeric column's statistics (pg_stats of one column). */
export interface ColumnStats {
  /** share of rows where the column is null */
  nullFrac: number;
  /** the most common values and the share of all rows each holds */
  commonValues: number[];
  commonShares: number[];
  /** ascending bounds of equal-count buckets over the rows not null and not among the common values */
  histogram: number[];
}

/** Where `x` falls in the histogram, 0 (at or below its first bound) to 1 (at or above its last). */
function histogramPosition(bounds: number[], x: number): number {
  const buckets = bounds.length - 1;
  if (buckets < 1) return x < (bounds[0] ?? 0) ? 0 : 1;
  if (x <= bounds[0]!) return 0;
  if (x >= bounds[buckets]!) return 1;
  // the bucket holding x: bounds[lo] <= x < bounds[lo + 1]
  let lo = 0;
  let hi = buckets;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (bounds[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const width = bounds[lo + 1]! - bounds[lo]!;
  return (lo + (width > 0 ? (x - bounds[lo]!) / width : 0.5)) / buckets;
}

/** The share of all rows with `min ≤ value ≤ max` (null bounds: open), between 0 and 1. */
export function rangeShare(stats: ColumnStats, min: number | null, max: number | null): number {
  const inRange = (v: number) => (min === null || v >= min) && (max === null || v <= max);
  let common = 0;
  let commonTotal = 0;
  for (const [i, value] of stats.commonValues.entries()) {
    const share = stats.commonShares[i] ?? 0;
    commonTotal += share;
    if (inRange(value)) common += share;
  }
  const rest = Math.max(0, 1 - stats.nullFrac - commonTotal);
  if (min !== null && max !== null && min > max) return 0;
  const spread =
    stats.histogram.length === 0
      ? 0
      : histogramPosition(stats.histogram, max ?? Infinity) - histogramPosition(stats.histogram, min ?? -Infinity);
  return Math.min(1, Math.max(0, common + rest * spread));
}
