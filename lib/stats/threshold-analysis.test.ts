/**
 * Threshold analysis checked against scikit-learn 1.2 (roc_auc_score, precision_recall_curve,
 * roc_curve, f1_score, confusion_matrix) and DeLong's interval by its O(m·n) definition:
 * fixtures from lib/stats/__fixtures__/generate-threshold-cases.py (Debian's python3-sklearn).
 */
import { describe, expect, it } from 'vitest';
import fixtures from './__fixtures__/threshold-cases.json';
import { analyseThresholds, computeDeLongInterval, computeRocAuc, thinPoints } from './threshold-analysis';

interface Case {
  name: string;
  scores: number[];
  labels: boolean[];
  auc: number;
  aucCi95DeLong: [number, number];
  best: { threshold: number; f1: number };
  at: { threshold: number; tp: number; fp: number; fn: number; tn: number };
  pr: { thresholds: number[]; precision: number[]; recall: number[] };
  roc: { thresholds: number[]; fpr: number[]; tpr: number[] };
}

const cases = (fixtures as unknown as { cases: Case[] }).cases;

describe.each(cases)('against scikit-learn: $name', (c) => {
  const result = analyseThresholds(c.scores, c.labels, { threshold: c.at.threshold, maxPoints: 100_000 });

  it('AUC (ties half) and its DeLong interval', () => {
    expect(result.auc).toBeCloseTo(c.auc, 12);
    expect(result.aucCi95?.[0]).toBeCloseTo(c.aucCi95DeLong[0], 10);
    expect(result.aucCi95?.[1]).toBeCloseTo(c.aucCi95DeLong[1], 10);
  });

  it('best F1 over the distinct values (ties: highest threshold)', () => {
    expect(result.best?.threshold).toBe(c.best.threshold);
    expect(result.best?.f1).toBeCloseTo(c.best.f1, 12);
  });

  it('the confusion matrix at the given threshold (value >= threshold is positive)', () => {
    expect(result.at).toMatchObject(c.at);
  });

  it('precision and recall at every threshold scikit-learn reports', () => {
    const byThreshold = new Map(result.curve.map((p) => [p.threshold, p]));
    c.pr.thresholds.forEach((t, i) => {
      const point = byThreshold.get(t);
      expect(point, `threshold ${t}`).toBeDefined();
      expect(point?.precision).toBeCloseTo(c.pr.precision[i] ?? NaN, 12);
      expect(point?.recall).toBeCloseTo(c.pr.recall[i] ?? NaN, 12);
    });
  });

  it('the ROC curve point by point', () => {
    expect(result.curve.map((p) => p.threshold)).toEqual(c.roc.thresholds);
    result.curve.forEach((p, i) => {
      expect(p.fpr).toBeCloseTo(c.roc.fpr[i] ?? NaN, 12);
      expect(p.tpr).toBeCloseTo(c.roc.tpr[i] ?? NaN, 12);
    });
  });
});

describe('threshold analysis edge cases', () => {
  it('undefined AUC and best when one class is missing, with reasons', () => {
    const r = analyseThresholds([0.2, 0.5, 0.9], [true, true, true]);
    expect(r.auc).toBeNull();
    expect(r.reasons.auc).toMatch(/one class/);
    const none = analyseThresholds([0.2, 0.5], [false, false]);
    expect(none.best).toBeNull();
    expect(none.reasons.best).toMatch(/no positive/);
  });

  it('no interval with a single pair of a class', () => {
    expect(
      computeDeLongInterval([0.1, 0.5, 0.7], [true, false, false], computeRocAuc([0.1, 0.5, 0.7], [true, false, false]) ?? 0),
    ).toBeNull();
  });

  it('precision is undefined, not 0, when nothing is predicted positive', () => {
    const r = analyseThresholds([0.2, 0.5], [true, false], { threshold: 0.9 });
    expect(r.at).toMatchObject({ precision: null, recall: 0, tp: 0, fp: 0, fn: 1, tn: 1 });
  });

  it('a perfect separator has AUC 1 and F1 1 at the lowest positive value', () => {
    const r = analyseThresholds([0.1, 0.2, 0.6, 0.9], [false, false, true, true]);
    expect(r.auc).toBe(1);
    expect(r.best).toEqual({ threshold: 0.6, precision: 1, recall: 1, f1: 1 });
  });

  it('thins long curves to the limit, keeping both ends', () => {
    const points = Array.from({ length: 1000 }, (_, i) => i);
    const thin = thinPoints(points, 200);
    expect(thin).toHaveLength(200);
    expect(thin[0]).toBe(0);
    expect(thin.at(-1)).toBe(999);
    expect(thinPoints([1, 2, 3], 200)).toEqual([1, 2, 3]);
  });
});
