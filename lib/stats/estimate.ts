/**
 * The result shape of every statistic in lib/stats and lib/agreement: a finite number, or
 * `null` with the reason it is undefined. Researchers copy these numbers into papers, so an
 * undefined statistic must never surface as 0, 1 or NaN (see docs/statistics.md).
 */

export type Estimate = { value: number; reason?: undefined } | { value: null; reason: string };

export function undefinedEstimate(reason: string): Estimate {
  return { value: null, reason };
}

/** Wraps a computed number; a non-finite result becomes `null` instead of leaking NaN. */
export function definedEstimate(value: number, reasonIfNotFinite = 'the computation did not give a finite number'): Estimate {
  return Number.isFinite(value) ? { value } : { value: null, reason: reasonIfNotFinite };
}
