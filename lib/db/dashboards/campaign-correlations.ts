/**
 * What the correlation dashboard (paper Table 6) needs from a campaign, aggregated in SQL: per
 * non-gold pair the mean (or lower median) of the human semantic and syntactic ratings over the
 * annotators not excluded, beside every measure of the pair and its corpus. The coefficients are
 * lib/stats's (lib/dashboards/correlation-table.ts).
 */
import { measureKeys, type MeasureValues } from '@/lib/measures/catalog';
import { medianRatingsSql, RATED_SQL, ratedAnswersSql } from './characteristic-maps';
import type { RatingAxisDef } from '@/lib/dashboards/rating-axes';
import type { Queryable } from '../sql-pool';
import { userMeasuresJsonSql } from '../corpora/user-measures';

export type RatingAggregate = 'mean' | 'median';

export interface RatedPair {
  pairId: number;
  corpus: string;
  /** aggregated human ratings (0-4), null when nobody answered */
  ratedSem: number | null;
  ratedSyn: number | null;
  measures: MeasureValues;
  /** the pair's user measures (paralens import-scores), name → value; null: none */
  userMeasures: Record<string, number> | null;
}

function aggregatedSql(aggregate: RatingAggregate): string {
  if (aggregate === 'median') return medianRatingsSql('lower');
  return `SELECT r."pairId", avg(r.syn)::float8 AS syn, avg(r.sem)::float8 AS sem FROM (${RATED_SQL}) r GROUP BY r."pairId"`;
}

// Column names come from the fixed catalogue, never from input.
const measureColumns = measureKeys.map((k) => `p."${k}"`).join(', ');

const readMeasures = (r: Record<string, unknown>) =>
  Object.fromEntries(measureKeys.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])])) as MeasureValues;

export async function listRatedPairs(
  db: Queryable,
  campaignId: number,
  aggregate: RatingAggregate = 'mean',
): Promise<RatedPair[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT a."pairId", c."slug" AS corpus, a.sem::float8 AS "ratedSem", a.syn::float8 AS "ratedSyn", ${measureColumns}, ${userMeasuresJsonSql('p')} AS "userMeasures"
     FROM (${aggregatedSql(aggregate)}) a JOIN "Pair" p ON p."id" = a."pairId" JOIN "Corpus" c ON c."id" = p."corpusId"
     ORDER BY a."pairId"`,
    [campaignId],
  );
  return rows.map((r) => ({
    pairId: Number(r.pairId),
    corpus: String(r.corpus),
    ratedSem: r.ratedSem === null ? null : Number(r.ratedSem),
    ratedSyn: r.ratedSyn === null ? null : Number(r.ratedSyn),
    measures: readMeasures(r),
    userMeasures: (r.userMeasures as Record<string, number> | null) ?? null,
  }));
}

export interface AxisRatedPair {
  pairId: number;
  corpus: string;
  /** the per-pair aggregate on the axis (never null: pairs without one are left out) */
  rating: number;
  measures: MeasureValues;
  /** the pair's user measures (paralens import-scores) by name, null when it has none */
  userMeasures: Record<string, number> | null;
}

/**
 * Per non-gold pair, the aggregate of the counted answers on one rating axis (lib/dashboards/rating-axes.ts):
 * a Likert answer as its 0-4 value, an ordinal choice as its option's position, human Δ as the
 * aggregated semantic minus the aggregated syntactic rating. The question key and options are
 * parameters, never spliced into the SQL.
 */
export async function listAxisRatedPairs(
  db: Queryable,
  campaignId: number,
  axis: RatingAxisDef,
  aggregate: RatingAggregate = 'mean',
): Promise<AxisRatedPair[]> {
  let perPair: string;
  const params: unknown[] = [campaignId];
  if (axis.kind === 'humanDelta') {
    perPair = `SELECT a."pairId", (a.sem - a.syn)::float8 AS v FROM (${aggregatedSql(aggregate)}) a WHERE a.sem IS NOT NULL AND a.syn IS NOT NULL`;
  } else {
    params.push(axis.key);
    const value =
      axis.kind === 'likert'
        ? `CASE WHEN jsonb_typeof(n."answers" -> $2::text) = 'number' THEN (n."answers" ->> $2::text)::float8 END`
        : `(array_position($3::text[], n."answers" ->> $2::text) - 1)::float8`;
    if (axis.kind === 'ordinal') params.push(axis.options ?? []);
    const agg = aggregate === 'median' ? 'percentile_disc(0.5) WITHIN GROUP (ORDER BY r.v)' : 'avg(r.v)';
    perPair = `SELECT r."pairId", ${agg}::float8 AS v FROM (${ratedAnswersSql(`n."pairId", ${value} AS v`)}) r WHERE r.v IS NOT NULL GROUP BY r."pairId"`;
  }
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT a."pairId", c."slug" AS corpus, a.v AS rating, ${measureColumns}, ${userMeasuresJsonSql('p')} AS "userMeasures"
     FROM (${perPair}) a JOIN "Pair" p ON p."id" = a."pairId" JOIN "Corpus" c ON c."id" = p."corpusId"
     ORDER BY a."pairId"`,
    params,
  );
  return rows.map((r) => ({
    pairId: Number(r.pairId),
    corpus: String(r.corpus),
    rating: Number(r.rating),
    measures: readMeasures(r),
    userMeasures: (r.userMeasures as Record<string, number> | null) ?? null,
  }));
}
