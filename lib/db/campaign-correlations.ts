/**
 * What the correlation dashboard (paper Table 6) needs from a campaign, aggregated in SQL: per
 * non-gold pair the mean (or lower median) of the human semantic and syntactic ratings over the
 * annotators not excluded, beside every measure of the pair and its corpus. The coefficients are
 * lib/stats's (lib/dashboards/correlation-table.ts).
 */
import { measureKeys, type MeasureValues } from '@/lib/measures/catalog';
import { medianRatingsSql, RATED_SQL } from './characteristic-maps';
import type { Queryable } from './sql-pool';
import { userMeasuresJsonSql } from './user-measures';

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

export async function listRatedPairs(db: Queryable, campaignId: number, aggregate: RatingAggregate = 'mean'): Promise<RatedPair[]> {
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
    measures: Object.fromEntries(measureKeys.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])])) as MeasureValues,
    userMeasures: (r.userMeasures as Record<string, number> | null) ?? null,
  }));
}
