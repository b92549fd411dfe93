/**
 * How well one measure separates paraphrases from non-paraphrases: the paper adopts "ST > 0.8"
 * for its precision (0.82) and recall (0.77) against MSRPC's own labels (EACL 2023, sec. 4).
 * Conventions are scikit-learn's, so the numbers can be checked against it:
 * - a pair is predicted positive when its value is at least the threshold
 *   (`precision_recall_curve`, `roc_curve`);
 * - the area under the ROC curve counts ties half (`roc_auc_score`), computed here as the
 *   Mann-Whitney statistic from average ranks;
 * - its 95% interval is DeLong's (DeLong, DeLong & Clarke-Pearson 1988, Biometrics 44:837),
 *   from the structural components computed with ranks (Sun & Xu 2014, IEEE SPL 21:1389):
 *   var = S10/m + S01/n, interval = auc ± 1.959964·sd, clipped to [0, 1];
 * - `best` is the threshold among the measure's distinct values with the highest F1, ties to
 *   the highest threshold; precision with nothing predicted positive is undefined (null).
 * Pure; O(n log n).
 */
import { computeAverageRanks } from './ranks';

export interface ConfusionAt {
  threshold: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface CurvePoint {
  threshold: number;
  precision: number | null;
  recall: number;
  /** false positive rate */
  fpr: number;
  /** true positive rate (= recall) */
  tpr: number;
}

export interface ThresholdAnalysis {
  n: number;
  positives: number;
  auc: number | null;
  aucCi95: [number, number] | null;
  best: { threshold: number; precision: number | null; recall: number | null; f1: number | null } | null;
  at: ConfusionAt | null;
  /** one point per distinct value (descending thresholds), thinned to at most `maxPoints` */
  curve: CurvePoint[];
  /** why auc, its interval or best are undefined */
  reasons: Record<string, string>;
}

const Z95 = 1.959963984540054;

function ratio(num: number, den: number): number | null {
  return den === 0 ? null : num / den;
}

export function confusionAt(threshold: number, tp: number, fp: number, positives: number, negatives: number): ConfusionAt {
  const fn = positives - tp;
  const tn = negatives - fp;
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, positives);
  const f1 = ratio(2 * tp, 2 * tp + fp + fn);
  return { threshold, precision, recall, f1, tp, fp, fn, tn };
}

/** Area under the ROC curve with ties counted half: (R₊ − m(m+1)/2) / (m·n) from the average ranks. */
export function computeRocAuc(scores: readonly number[], labels: readonly boolean[]): number | null {
  const ranks = computeAverageRanks(scores);
  let m = 0;
  let rankSum = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i]) {
      m++;
      rankSum += ranks[i] ?? 0;
    }
  }
  const n = labels.length - m;
  if (m === 0 || n === 0) return null;
  return (rankSum - (m * (m + 1)) / 2) / (m * n);
}

function sampleVariance(values: readonly number[]): number {
  const k = values.length;
  let mean = 0;
  for (const v of values) mean += v;
  mean /= k;
  let ss = 0;
  for (const v of values) ss += (v - mean) ** 2;
  return ss / (k - 1);
}

/**
 * DeLong's 95% interval of the AUC. Structural components: for a positive i,
 * V10ᵢ = (rank among all − rank among positives) / n; for a negative j,
 * V01ⱼ = 1 − (rank among all − rank among negatives) / m (ties count half in both).
 */
export function computeDeLongInterval(
  scores: readonly number[],
  labels: readonly boolean[],
  auc: number,
): [number, number] | null {
  const pos: number[] = [];
  const neg: number[] = [];
  scores.forEach((s, i) => (labels[i] ? pos : neg).push(s));
  const m = pos.length;
  const n = neg.length;
  if (m < 2 || n < 2) return null;
  const all = computeAverageRanks(scores);
  const posRanks = computeAverageRanks(pos);
  const negRanks = computeAverageRanks(neg);
  const v10: number[] = [];
  const v01: number[] = [];
  let pi = 0;
  let ni = 0;
  for (let i = 0; i < scores.length; i++) {
    const r = all[i] ?? 0;
    if (labels[i]) v10.push((r - (posRanks[pi++] ?? 0)) / n);
    else v01.push(1 - (r - (negRanks[ni++] ?? 0)) / m);
  }
  const variance = sampleVariance(v10) / m + sampleVariance(v01) / n;
  const sd = Math.sqrt(Math.max(0, variance));
  return [Math.max(0, auc - Z95 * sd), Math.min(1, auc + Z95 * sd)];
}

/** Keeps at most `max` points, evenly spaced over the curve, always the first and the last. */
export function thinPoints<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const kept: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let k = 0; k < max; k++) kept.push(points[Math.round(k * step)] as T);
  return kept;
}

export interface ThresholdOptions {
  /** the threshold to answer for (`at`) */
  threshold?: number;
  /** points kept in `curve` (default 200) */
  maxPoints?: number;
}

/** The full analysis of one measure (complete cases only: drop missing values first). */
export function analyseThresholds(
  scores: readonly number[],
  labels: readonly boolean[],
  options: ThresholdOptions = {},
): ThresholdAnalysis {
  if (scores.length !== labels.length) throw new RangeError('scores and labels must have the same length');
  const total = scores.length;
  const positives = labels.reduce((k, l) => k + (l ? 1 : 0), 0);
  const negatives = total - positives;
  const reasons: Record<string, string> = {};

  const auc = computeRocAuc(scores, labels);
  if (auc === null) reasons.auc = total === 0 ? 'no pairs' : 'the labels are all one class';
  const aucCi95 = auc === null ? null : computeDeLongInterval(scores, labels, auc);
  if (auc !== null && aucCi95 === null) reasons.aucCi95 = "DeLong's interval needs at least two pairs of each class";

  // Walk the values from the highest down: at each distinct value every pair at or above it is predicted positive.
  const order = Array.from({ length: total }, (_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const full: CurvePoint[] = [];
  let best: ThresholdAnalysis['best'] = null;
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < total;) {
    const value = scores[order[i] ?? 0] ?? 0;
    while (i < total && scores[order[i] ?? 0] === value) {
      if (labels[order[i] ?? 0]) tp++;
      else fp++;
      i++;
    }
    const c = confusionAt(value, tp, fp, positives, negatives);
    full.push({
      threshold: value,
      precision: c.precision,
      recall: c.recall ?? 0,
      fpr: negatives === 0 ? 0 : fp / negatives,
      tpr: c.recall ?? 0,
    });
    // Descending thresholds: only a strictly higher F1 replaces, so ties keep the highest threshold.
    if (c.f1 !== null && (best === null || (best.f1 ?? -1) < c.f1))
      best = { threshold: value, precision: c.precision, recall: c.recall, f1: c.f1 };
  }
  if (positives === 0) {
    best = null;
    reasons.best = total === 0 ? 'no pairs' : 'no positive pairs';
  }

  let at: ConfusionAt | null = null;
  if (options.threshold !== undefined) {
    const t = options.threshold;
    let tpAt = 0;
    let fpAt = 0;
    for (let i = 0; i < total; i++) {
      if ((scores[i] ?? 0) >= t) {
        if (labels[i]) tpAt++;
        else fpAt++;
      }
    }
    at = confusionAt(t, tpAt, fpAt, positives, negatives);
  }
  return { n: total, positives, auc, aucCi95, best, at, curve: thinPoints(full, options.maxPoints ?? 200), reasons };
}
