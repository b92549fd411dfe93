/**
 * Bootstrap intervals: reproducibility from the seed, and equality with the textbook
 * procedure (Efron & Tibshirani 1993, ch. 13: resample units with replacement, recompute the
 * statistic from the resampled raw data, take percentiles) implemented naively below with
 * the same random draws. The grouped implementation must give the same interval.
 */
import { describe, expect, it } from 'vitest';
import { computeAgreementReportWithBootstrap } from '@/lib/agreement/agreement-report';
import { bootstrapGroupedUnits } from '@/lib/agreement/bootstrap-intervals';
import { computeKrippendorffAlpha, computeKrippendorffAlphaWithBootstrap } from '@/lib/agreement/krippendorff-alpha';
import type { RatingMatrix } from '@/lib/agreement/rating-values';
import { computeSortedQuantile } from '@/lib/stats/quantile';
import { createRandom } from '@/lib/stats/random';
import { KRIPPENDORFF_2011 } from '@/lib/agreement/__fixtures__/published-data';
import { REFERENCE_CASES } from '@/lib/agreement/__fixtures__/reference-cases';

function naiveAlphaBootstrap(ratings: RatingMatrix, resamples: number, seed: number): { low: number; high: number } {
  const columns = (ratings[0] ?? []).map((_, u) => u).filter((u) => ratings.some((row) => row[u] !== null));
  const random = createRandom(seed);
  const values: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const picked = columns.map(() => columns[random.nextInt(columns.length)] ?? 0);
    const resampled = ratings.map((row) => picked.map((u) => row[u] ?? null));
    const alpha = computeKrippendorffAlpha(resampled, { level: 'ordinal' }).value;
    if (alpha !== null) values.push(alpha);
  }
  values.sort((a, b) => a - b);
  return { low: computeSortedQuantile(values, 0.025), high: computeSortedQuantile(values, 0.975) };
}

describe('bootstrap over units', () => {
  const reference = REFERENCE_CASES.A;
  if (!reference) throw new Error('reference case A is missing');

  it('equals the naive resample-and-recompute procedure with the same draws', () => {
    const { bootstrap } = computeKrippendorffAlphaWithBootstrap(
      reference.ratings,
      { level: 'ordinal' },
      { resamples: 200, seed: 99 },
    );
    const naive = naiveAlphaBootstrap(reference.ratings, 200, 99);
    const interval = bootstrap.intervals.krippendorffAlpha.interval;
    expect(interval?.low).toBeCloseTo(naive.low, 12);
    expect(interval?.high).toBeCloseTo(naive.high, 12);
  });

  it('is reproducible from its seed and changes with it', () => {
    const run = (seed: number) =>
      computeKrippendorffAlphaWithBootstrap(reference.ratings, { level: 'interval' }, { resamples: 300, seed }).bootstrap;
    expect(run(5)).toEqual(run(5));
    expect(run(5).intervals.krippendorffAlpha.interval).not.toEqual(run(6).intervals.krippendorffAlpha.interval);
    expect(run(5)).toMatchObject({ resamples: 300, seed: 5, confidence: 0.95 });
  });

  it('the interval brackets the estimate and narrows as the number of units grows', () => {
    const small = computeKrippendorffAlphaWithBootstrap(KRIPPENDORFF_2011, { level: 'nominal' }, { seed: 1 });
    const big = KRIPPENDORFF_2011.map((row) => Array.from({ length: 20 }, () => row).flat());
    const large = computeKrippendorffAlphaWithBootstrap(big, { level: 'nominal' }, { seed: 1 });
    const width = (i: { low: number; high: number } | null): number => (i ? i.high - i.low : NaN);
    const smallInterval = small.bootstrap.intervals.krippendorffAlpha.interval;
    const largeInterval = large.bootstrap.intervals.krippendorffAlpha.interval;
    expect(smallInterval?.low).toBeLessThan(small.alpha.value ?? NaN);
    expect(smallInterval?.high).toBeGreaterThan(small.alpha.value ?? NaN);
    expect(width(largeInterval)).toBeLessThan(width(smallInterval) / 2);
  });

  it('counts undefined resamples and reports a null interval when every resample is undefined', () => {
    // Two units: a resample of the same unit twice has a single value, so alpha is undefined in it.
    const { bootstrap } = computeKrippendorffAlphaWithBootstrap(
      [
        [1, 2],
        [1, 2],
      ],
      { level: 'nominal' },
      { resamples: 100, seed: 3 },
    );
    const result = bootstrap.intervals.krippendorffAlpha;
    expect(result.undefinedResamples).toBeGreaterThan(20);
    expect(result.interval).toEqual({ low: 1, high: 1 });
    const constant = computeKrippendorffAlphaWithBootstrap(
      [
        [1, 1],
        [1, 1],
      ],
      { level: 'nominal' },
      { resamples: 10 },
    ).bootstrap;
    expect(constant.intervals.krippendorffAlpha.interval).toBeNull();
    expect(constant.intervals.krippendorffAlpha.reason).toMatch(/^undefined in every resample: all pairable ratings/);
  });

  it('percentile interval of a statistic whose resampled values are known (mean of group weights)', () => {
    // Statistic: share of resampled units from group 1; with 1 of 4 units in group 1 this is Binomial(4, 1/4)/4.
    const result = bootstrapGroupedUnits(
      Int32Array.from([0, 0, 0, 1]),
      2,
      ['share'],
      (w) => ({ share: { value: (w[1] ?? 0) / 4 } }),
      { resamples: 4000, seed: 11 },
    );
    expect(result.intervals.share.interval).toEqual({ low: 0, high: 0.75 });
  });

  it('rejects invalid options', () => {
    expect(() => computeKrippendorffAlphaWithBootstrap(KRIPPENDORFF_2011, { level: 'nominal' }, { resamples: 0 })).toThrow(
      RangeError,
    );
    expect(() => computeKrippendorffAlphaWithBootstrap(KRIPPENDORFF_2011, { level: 'nominal' }, { seed: 0.5 })).toThrow(
      RangeError,
    );
  });

  it('the report bootstraps every coefficient; structurally undefined ones stay null', () => {
    const { report, bootstrap } = computeAgreementReportWithBootstrap(
      { ratings: KRIPPENDORFF_2011, level: 'ordinal' },
      { resamples: 200 },
    );
    expect(report.coefficients.krippendorffAlpha.value).toBeCloseTo(0.8153875037548814, 14);
    expect(bootstrap.intervals.krippendorffAlpha.interval).not.toBeNull();
    expect(bootstrap.intervals.gwetAC1.interval).not.toBeNull();
    expect(bootstrap.intervals.fleissKappa.interval).toBeNull();
    expect(bootstrap.intervals.cohenKappa.reason).toMatch(/exactly two coders/);
  });
});
