/**
 * Round axis ticks for the dashboards' charts: steps of 1, 2, 2.5 or 5 times a power of ten (the
 * "nice numbers" of Heckbert, Graphics Gems 1990), so an axis reads 0, 10, 20, 30 % rather than the
 * 10 / 19 / 28 / 38 % a chart library picks for a domain it stretched to the data. Pure.
 */

/** The roundest step that covers `span` in at most `maxTicks - 1` steps. */
export function niceStep(span: number, maxTicks = 6): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const rough = span / Math.max(1, maxTicks - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough - 1e-12);
  return step ?? 10 * power;
}

/** Decimals a step needs to print exactly (0.25 → 2, 5 → 0). */
function decimalsOf(step: number): number {
  for (let d = 0; d < 12; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return 12;
}

/**
 * Ticks at multiples of a round step from the first multiple at or below `lo` to the first at or
 * above `hi` (the axis's domain is then [first, last]); `integers` keeps the step whole (counts, points
 * on a rating scale).
 */
export function niceTicks(lo: number, hi: number, { maxTicks = 6, integers = false } = {}): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) return [lo];
  let step = niceStep(hi - lo, maxTicks);
  if (integers) step = Math.max(1, Math.ceil(step));
  const decimals = decimalsOf(step);
  const first = Math.floor(lo / step + 1e-9) * step;
  const last = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; first + i * step <= last + step / 1e6; i++) ticks.push(Number((first + i * step).toFixed(decimals)));
  return ticks;
}

/**
 * A score axis in whole points around the data (SICK's 1-5 reads 1, 2, 3, 4, 5; STS-B's 0-5 reads
 * 0 … 5), or [0, 1] for values that stay within it.
 */
export function scoreDomain(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  if (min >= 0 && max <= 1) return [0, 1];
  return [Math.floor(min), Math.max(Math.floor(min) + 1, Math.ceil(max))];
}
