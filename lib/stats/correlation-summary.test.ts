/**
 * p-values and Fisher z intervals of correlations, against scipy's test suite
 * (scipy/stats/tests/test_stats.py, TestPearsonr.test_basic_example: values from R 3.6.2
 * cor.test; TestCorrSpearmanr2.test_spearmanr_vs_r) and against Debian python3-scipy 1.10.1
 * run offline (pearsonr(...).confidence_interval(), spearmanr).
 */
import { describe, expect, it } from 'vitest';
import { computeCorrelationPValue, computeCorrelationSummary, selectCompletePairs } from '@/lib/stats/correlation-summary';
import { computeFisherZInterval } from '@/lib/stats/fisher-z';
import { computeSortedQuantile } from '@/lib/stats/quantile';

describe('computeCorrelationSummary', () => {
  it('scipy test_basic_example (R cor.test): r, two-sided p and 95% CI', () => {
    const summary = computeCorrelationSummary([1, 2, 3, 4], [0, 1, 0.5, 1]);
    expect(summary.n).toBe(4);
    expect(summary.pearson.value).toBeCloseTo(0.6741998624632421, 14);
    expect(summary.pearsonPValue.value).toBeCloseTo(0.325800137536, 11);
    expect(summary.pearsonCI.interval?.low).toBeCloseTo(-0.814938968841, 11);
    expect(summary.pearsonCI.interval?.high).toBeCloseTo(0.99230697523, 10);
  });

  it('scipy test_basic: p = 1/3 for r = sqrt(3)/2 with n = 3', () => {
    expect(computeCorrelationSummary([-1, 0, 1], [0, 0, 3]).pearsonPValue.value).toBeCloseTo(1 / 3, 14);
  });

  it('scipy test_spearmanr_vs_r (R cor.test): rho p-value 0.088587005313543798', () => {
    const summary = computeCorrelationSummary([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expect(summary.spearmanPValue.value).toBeCloseTo(0.0885870053135438, 13);
  });

  it('scipy test_3cols: rho p-value 0.00480466472', () => {
    const summary = computeCorrelationSummary([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 5, 4]);
    expect(summary.spearmanPValue.value).toBeCloseTo(0.00480466472, 10);
  });

  it('tie-heavy data matches python3-scipy 1.10.1 pearsonr / spearmanr', () => {
    const x = [
      0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 0, 4, 8, 1, 5, 9, 2,
    ];
    const y = [
      0, 6, 5, 5.5, 4.5, 10.5, 4, 3, 9, 2.5, 8.5, 2, 8, 7, 0.5, 6.5, 5.5, 6, 5, 11, 4.5, 3.5, 4, 3, 9, 2.5, 8.5, 7.5, 1, 7, 6,
      6.5, 5.5, 6, 5, 4, 4.5, 3.5, 9.5, 3,
    ];
    const summary = computeCorrelationSummary(x, y);
    expect(summary.pearsonPValue.value).toBeCloseTo(5.876041191957359e-6, 18);
    expect(summary.pearsonCI.interval?.low).toBeCloseTo(0.4231608222994274, 14);
    expect(summary.pearsonCI.interval?.high).toBeCloseTo(0.7990461268093512, 14);
    expect(summary.spearmanPValue.value).toBeCloseTo(1.8461031390386e-5, 17);
  });

  it('undefined pieces are null with a reason', () => {
    const two = computeCorrelationSummary([1, 2], [3, 5]);
    expect(two.pearson.value).toBe(1);
    expect(two.pearsonPValue).toEqual({ value: null, reason: 'the t test needs n >= 3' });
    expect(two.pearsonCI).toEqual({ interval: null, reason: 'the Fisher z interval needs n >= 4' });
    const constant = computeCorrelationSummary([1, 1, 1, 1], [1, 2, 3, 4]);
    expect(constant.pearson.value).toBeNull();
    expect(constant.pearsonPValue).toEqual({ value: null, reason: 'x is constant' });
    expect(constant.spearmanCI).toEqual({ interval: null, reason: 'x is constant' });
    expect(constant.kendall.value).toBeNull();
  });

  it('a perfect correlation has p = 0 and a degenerate interval [1, 1]', () => {
    expect(computeCorrelationPValue(1, 10).value).toBe(0);
    expect(computeFisherZInterval(1, 10)).toEqual({ interval: { low: 1, high: 1 } });
  });
});

describe('selectCompletePairs', () => {
  it('drops pairs with a missing value on either side', () => {
    expect(selectCompletePairs([1, null, 3, 4], [5, 6, null, 8])).toEqual({ x: [1, 4], y: [5, 8] });
  });
});

describe('computeSortedQuantile (Hyndman & Fan type 7, numpy.percentile default)', () => {
  it('interpolates linearly between order statistics', () => {
    // numpy.percentile([1, 2, 3, 4], [2.5, 50, 97.5]) = [1.075, 2.5, 3.925]
    expect(computeSortedQuantile([1, 2, 3, 4], 0.025)).toBeCloseTo(1.075, 14);
    expect(computeSortedQuantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(computeSortedQuantile([1, 2, 3, 4], 0.975)).toBeCloseTo(3.925, 14);
    expect(computeSortedQuantile([], 0.5)).toBeNaN();
  });
});
