/**
 * Measures against human judgements that come with the data: every measure correlated with a
 * corpus's own scores (STS-B's 0-5, SICK relatedness, …), and one measure's threshold analysis
 * against a binary judgement (the corpus's own labels or a campaign's final yes/no labels).
 * The coefficients are lib/stats's; this file shapes them for the API and the dashboards. Pure.
 */
import { measureKeys, type MeasureKey } from '@/lib/measures/catalog';
import type { AnyMeasureKey } from '@/lib/measures/user-measures';
import { analyseThresholds, type ThresholdAnalysis } from '@/lib/stats/threshold-analysis';
import { quoteCsvText } from '@/lib/export/line-format';
import { correlate, type CorrelationCell } from './correlation-table';

export interface ReferenceCorrelations {
  against: 'referenceScore';
  /** pairs with a reference score */
  n: number;
  /** pairs of the corpus without one, left out */
  withoutScore: number;
  /** null: every pair with a score was read; else how many there are, of which every k-th by id was (`n`) */
  sampledFrom: number | null;
  measures: Record<MeasureKey, CorrelationCell>;
}

export function computeReferenceCorrelations(input: {
  total: number;
  /** pairs with a score, when `scores` holds a sample of them (default: all, scores.length) */
  scored?: number;
  sampleStep?: number;
  scores: readonly number[];
  measures: Record<MeasureKey, readonly (number | null)[]>;
}): ReferenceCorrelations {
  const measures = {} as Record<MeasureKey, CorrelationCell>;
  for (const key of measureKeys) measures[key] = correlate(input.measures[key], input.scores);
  const scored = input.scored ?? input.scores.length;
  return {
    against: 'referenceScore',
    n: input.scores.length,
    withoutScore: input.total - scored,
    sampledFrom: (input.sampleStep ?? 1) > 1 ? scored : null,
    measures,
  };
}

export interface MeasureThresholds extends ThresholdAnalysis {
  /** a catalogue measure, or a user measure (u.NAME) */
  measure: AnyMeasureKey;
  /** pairs whose judgement is missing (or open), left out */
  withoutJudgement: number;
  /** pairs with a judgement but no value of the measure, left out */
  withoutValue: number;
  /** null: every complete case was read; else how many there are, of which every k-th by id was (`n`) */
  sampledFrom: number | null;
}

export function computeMeasureThresholds(
  measure: AnyMeasureKey,
  input: {
    total?: number;
    missingJudgement: number;
    missingMeasure: number;
    sampleStep?: number;
    values: readonly number[];
    labels: readonly boolean[];
  },
  threshold?: number,
): MeasureThresholds {
  const analysis = analyseThresholds(input.values, input.labels, threshold === undefined ? {} : { threshold });
  const sampled = (input.sampleStep ?? 1) > 1 && input.total !== undefined;
  return {
    measure,
    ...analysis,
    withoutJudgement: input.missingJudgement,
    withoutValue: input.missingMeasure,
    sampledFrom: sampled ? input.total! - input.missingJudgement - input.missingMeasure : null,
  };
}

/** `campaign:{id}:{questionKey}` → its parts; null when the text is not of that form. */
export function parseLabelSource(label: string): { campaign: string; question: string } | null {
  const match = /^campaign:([^:]+):([^:]+)$/.exec(label);
  return match ? { campaign: match[1] as string, question: match[2] as string } : null;
}

/** The rows of the threshold table as CSV cells (the dashboard's download). */
export function thresholdTableRows(results: readonly MeasureThresholds[]): Array<Array<string | number | null>> {
  const header = [
    'measure',
    'n',
    'positives',
    'auc',
    'auc_ci_low',
    'auc_ci_high',
    'best_threshold',
    'best_precision',
    'best_recall',
    'best_f1',
    'at_threshold',
    'at_precision',
    'at_recall',
    'at_f1',
    'without_judgement',
    'without_value',
  ];
  return [
    header,
    ...results.map((r) => [
      r.measure,
      r.n,
      r.positives,
      r.auc,
      r.aucCi95?.[0] ?? null,
      r.aucCi95?.[1] ?? null,
      r.best?.threshold ?? null,
      r.best?.precision ?? null,
      r.best?.recall ?? null,
      r.best?.f1 ?? null,
      r.at?.threshold ?? null,
      r.at?.precision ?? null,
      r.at?.recall ?? null,
      r.at?.f1 ?? null,
      r.withoutJudgement,
      r.withoutValue,
    ]),
  ];
}

/** The threshold table as CSV: numbers as they are, text cells quoted and neutralised like every export. */
export function renderThresholdCsv(results: readonly MeasureThresholds[]): string {
  const cell = (v: string | number | null) => (v === null ? '' : typeof v === 'number' ? String(v) : quoteCsvText(v));
  return `${thresholdTableRows(results)
    .map((row) => row.map(cell).join(','))
    .join('\n')}\n`;
}
