/**
 * The correlation table of paper Table 6, live: for each measure, Pearson's r and Spearman's rho
 * against the aggregated human ratings, with n, the Fisher z 95% interval and the two-sided p-value
 * (lib/stats/correlation-summary.ts; complete pairs only), pooled and per corpus. Table 6 reads
 * syntactic measures against syntactic ratings and semantic measures against semantic ones;
 * `TABLE6_ROWS` gives that layout, the full matrix has every measure against both. Pure.
 */
import { measureCatalog, measureKeys, type MeasureKey, type MeasureValues } from '@/lib/measures/catalog';
import { computeCorrelationSummary, selectCompletePairs } from '@/lib/stats/correlation-summary';

export type RatingAxis = 'semantic' | 'syntactic';

export interface CorrelationCell {
  n: number;
  pearson: number | null;
  spearman: number | null;
  /** Fisher z 95% interval of Pearson's r */
  ci95: [number, number] | null;
  pValue: number | null;
  spearmanCi95: [number, number] | null;
  spearmanPValue: number | null;
  /** Kendall's tau-b (tie-corrected) */
  kendall: number | null;
  /** why a coefficient is undefined */
  reason?: string;
}

export type MeasureCorrelations = Record<MeasureKey, Record<RatingAxis, CorrelationCell>>;

export interface CorrelationInput {
  corpus: string;
  ratedSem: number | null;
  ratedSyn: number | null;
  measures: MeasureValues;
}

/** Which rating each measure is read against in Table 6 (delta only in the full matrix). */
export function table6Axis(key: MeasureKey): RatingAxis | null {
  const d = measureCatalog[key];
  if (key === 'delta') return null;
  if (key === 'sem' || d.kind === 'semantic') return 'semantic';
  return 'syntactic';
}

export const TABLE6_ROWS: Record<RatingAxis, MeasureKey[]> = {
  syntactic: measureKeys.filter((k) => table6Axis(k) === 'syntactic'),
  semantic: measureKeys.filter((k) => table6Axis(k) === 'semantic'),
};

export function correlate(x: ReadonlyArray<number | null>, y: ReadonlyArray<number | null>): CorrelationCell {
  const complete = selectCompletePairs(x, y);
  const s = computeCorrelationSummary(complete.x, complete.y);
  const interval = (i: typeof s.pearsonCI): [number, number] | null => (i.interval ? [i.interval.low, i.interval.high] : null);
  const reason = s.pearson.reason ?? s.spearman.reason;
  return {
    n: s.n,
    pearson: s.pearson.value,
    spearman: s.spearman.value,
    ci95: interval(s.pearsonCI),
    pValue: s.pearsonPValue.value,
    spearmanCi95: interval(s.spearmanCI),
    spearmanPValue: s.spearmanPValue.value,
    kendall: s.kendall.value,
    ...(reason ? { reason } : {}),
  };
}

/** Every measure against both rating axes. */
export function computeMeasureCorrelations(rows: readonly CorrelationInput[]): MeasureCorrelations {
  const sem = rows.map((r) => r.ratedSem);
  const syn = rows.map((r) => r.ratedSyn);
  const out = {} as MeasureCorrelations;
  for (const key of measureKeys) {
    const values = rows.map((r) => r.measures[key]);
    out[key] = { semantic: correlate(values, sem), syntactic: correlate(values, syn) };
  }
  return out;
}

/** A table pooled over all rows, and one per corpus (in first-seen order). */
function pooledAndByCorpus<R extends { corpus: string }, T>(
  rows: readonly R[],
  compute: (rows: readonly R[]) => T,
): { pooled: T; byCorpus: Array<{ corpus: string; n: number; table: T }> } {
  const corpora = [...new Set(rows.map((r) => r.corpus))];
  return {
    pooled: compute(rows),
    byCorpus: corpora.map((corpus) => {
      const subset = rows.filter((r) => r.corpus === corpus);
      return { corpus, n: subset.length, table: compute(subset) };
    }),
  };
}

/** Pooled over all rows, and per corpus (in first-seen order). */
export function computeCorrelationTables(rows: readonly CorrelationInput[]): {
  pooled: MeasureCorrelations;
  byCorpus: Array<{ corpus: string; n: number; table: MeasureCorrelations }>;
} {
  return pooledAndByCorpus(rows, computeMeasureCorrelations);
}

export type AxisCorrelations = Record<MeasureKey, CorrelationCell>;

/** One rating axis's column of the Table 6 matrix. */
export function columnOf(table: MeasureCorrelations, axis: RatingAxis): AxisCorrelations {
  return Object.fromEntries(measureKeys.map((k) => [k, table[k][axis]])) as AxisCorrelations;
}

export interface AxisCorrelationInput {
  corpus: string;
  rating: number;
  measures: MeasureValues;
}

function correlateAxis(rows: readonly AxisCorrelationInput[]): AxisCorrelations {
  const rating = rows.map((r) => r.rating);
  return Object.fromEntries(
    measureKeys.map((k) => [
      k,
      correlate(
        rows.map((r) => r.measures[k]),
        rating,
      ),
    ]),
  ) as AxisCorrelations;
}

/** Every measure against one rating axis (lib/dashboards/rating-axes.ts), pooled and per corpus. */
export function computeAxisCorrelationTables(rows: readonly AxisCorrelationInput[]): {
  pooled: AxisCorrelations;
  byCorpus: Array<{ corpus: string; n: number; table: AxisCorrelations }>;
} {
  return pooledAndByCorpus(rows, correlateAxis);
}

type WithUserMeasures = { userMeasures: Readonly<Record<string, number>> | null };

/** Every user measure of the rows (by name, sorted) against one rating; a pair without either is left out of that cell. */
export function correlateUserMeasures(
  rows: ReadonlyArray<WithUserMeasures>,
  rating: ReadonlyArray<number | null>,
): Record<string, CorrelationCell> {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.userMeasures ?? {})))].sort();
  return Object.fromEntries(
    names.map((name) => [
      name,
      correlate(
        rows.map((r) => r.userMeasures?.[name] ?? null),
        rating,
      ),
    ]),
  );
}

/**
 * The user measures of the rows' corpora (imported with paralens import-scores), by name, against
 * both rating axes; a pair without a value of a measure is left out of that measure's cells.
 */
export function computeUserMeasureCorrelations(
  rows: ReadonlyArray<{ ratedSem: number | null; ratedSyn: number | null } & WithUserMeasures>,
): Record<string, Record<RatingAxis, CorrelationCell>> {
  const sem = correlateUserMeasures(
    rows,
    rows.map((r) => r.ratedSem),
  );
  const syn = correlateUserMeasures(
    rows,
    rows.map((r) => r.ratedSyn),
  );
  return Object.fromEntries(Object.keys(sem).map((name) => [name, { semantic: sem[name]!, syntactic: syn[name]! }]));
}
