/**
 * Percentile bootstrap confidence intervals over units (Efron & Tibshirani 1993, ch. 13):
 * draw as many units as there are, with replacement, recompute the coefficient, repeat
 * (1,000 times by default) and take the (1 - c)/2 and (1 + c)/2 quantiles of the resampled
 * values (Hyndman & Fan type 7). Units are resampled whole, so ratings of one unit stay
 * together, as they do in Krippendorff's and Gwet's designs. A resample only changes how
 * often each unit (hence each pattern of ratings) occurs, so the statistic receives
 * per-group multiplicities instead of rebuilt rating matrices: 1,000 resamples of 100,000
 * units cost 10^8 random draws plus a few thousand coefficient evaluations on the grouped
 * counts. The generator is seeded (lib/stats/random), so an interval can be reproduced from
 * its seed.
 */
import type { Estimate } from '@/lib/stats/estimate';
import type { Interval } from '@/lib/stats/fisher-z';
import { computeSortedQuantile } from '@/lib/stats/quantile';
import { createRandom } from '@/lib/stats/random';

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 1;
export const DEFAULT_CONFIDENCE = 0.95;

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  confidence?: number;
}

export type BootstrapInterval =
  | { interval: Interval; undefinedResamples: number; reason?: undefined }
  | { interval: null; undefinedResamples: number; reason: string };

export interface BootstrapResult<K extends string> {
  resamples: number;
  seed: number;
  confidence: number;
  intervals: Record<K, BootstrapInterval>;
}

export function resolveBootstrapOptions(options: BootstrapOptions = {}): Required<BootstrapOptions> {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError('resamples must be a positive integer');
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be a safe integer');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be in (0, 1)');
  return { resamples, seed, confidence };
}

/**
 * Bootstraps statistics of grouped units: `unitGroup[u]` is the group (e.g. rating pattern)
 * of unit u, and `evaluate` computes every statistic from per-group multiplicities.
 */
export function bootstrapGroupedUnits<K extends string>(
  unitGroup: Int32Array,
  groupCount: number,
  keys: readonly K[],
  evaluate: (groupWeights: Float64Array) => Record<K, Estimate>,
  options: BootstrapOptions = {},
): BootstrapResult<K> {
  const { resamples, seed, confidence } = resolveBootstrapOptions(options);
  const unitCount = unitGroup.length;
  const samples = keys.map(() => new Float64Array(resamples));
  const defined = keys.map(() => 0);
  const firstReason = keys.map((): string | null => null);
  if (unitCount > 0) {
    const random = createRandom(seed);
    const weights = new Float64Array(groupCount);
    const draws = new Int32Array(unitCount);
    for (let r = 0; r < resamples; r++) {
      weights.fill(0);
      random.fillInts(draws, unitCount);
      for (let i = 0; i < unitCount; i++) {
        const g = unitGroup[draws[i] ?? 0] ?? 0;
        weights[g] = (weights[g] ?? 0) + 1;
      }
      const estimates = evaluate(weights);
      keys.forEach((key, k) => {
        const estimate = estimates[key];
        const sample = samples[k];
        if (estimate.value !== null && sample) {
          sample[defined[k] ?? 0] = estimate.value;
          defined[k] = (defined[k] ?? 0) + 1;
        } else if (firstReason[k] === null) {
          firstReason[k] = estimate.reason ?? null;
        }
      });
    }
  }
  const tail = (1 - confidence) / 2;
  const intervals = {} as Record<K, BootstrapInterval>;
  keys.forEach((key, k) => {
    const count = defined[k] ?? 0;
    const undefinedResamples = resamples - count;
    if (unitCount === 0) {
      intervals[key] = { interval: null, undefinedResamples, reason: 'no rated units to resample' };
    } else if (count === 0) {
      intervals[key] = {
        interval: null,
        undefinedResamples,
        reason: `undefined in every resample: ${firstReason[k] ?? 'no value'}`,
      };
    } else {
      const sorted = (samples[k] ?? new Float64Array()).subarray(0, count).sort();
      intervals[key] = {
        interval: { low: computeSortedQuantile(sorted, tail), high: computeSortedQuantile(sorted, 1 - tail) },
        undefinedResamples,
      };
    }
  });
  return { resamples, seed, confidence, intervals };
}
