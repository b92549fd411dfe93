/**
 * Every measure's distribution split by a label, in one SQL statement (lib/dashboards/distributions.ts
 * names the shapes): per group and measure n, min, max, mean, the quartiles by percentile_cont
 * (numpy.percentile's default linear interpolation), the whiskers as the most extreme values within
 * 1.5 IQR of the quartiles, and a histogram by width_bucket over [0, 1] when every value of the
 * measure lies there, else over its smallest to largest value (the top edge counted in the last bin,
 * as numpy.histogram does). A measure is a SQL expression over the pair row `p`, so any column or
 * subselect can be one; the groups are a SQL expression too (NULL: left out, counted apart).
 */
import { measureList } from '@/lib/measures/catalog';
import { USER_MEASURE_PREFIX } from '@/lib/measures/user-measures';
import { userMeasureSql } from './user-measures';
import { HISTOGRAM_BINS, type DistributionMeasure, type DistributionRow } from '@/lib/dashboards/distributions';
import { asText } from './label-comparison';
import type { Queryable } from './sql-pool';

/** A measure and the SQL expression that reads it from the pair row `p` (written by code, never from input). */
export interface SqlMeasure extends DistributionMeasure {
  sql: string;
}

/** User measures (paralens import-scores) by name: keys `u.NAME`, read through userMeasureSql. */
export function userSqlMeasures(names: readonly string[]): SqlMeasure[] {
  return names.map((name) => ({ key: `${USER_MEASURE_PREFIX}${name}`, label: `${name} (yours)`, sql: userMeasureSql(name) }));
}

/** The built-in catalogue's measures, each its Pair column. */
export function catalogueMeasures(): SqlMeasure[] {
  return measureList.map((m) => ({ key: m.key, label: m.label, sql: `p."${m.key}"` }));
}

/** What is split and by what: a corpus's pairs by its own paraphrase label or its label, or a campaign's (non-gold) pairs by a question's final label. */
export type DistributionScope = { kind: 'corpus'; corpusId: number; by: 'reference' | 'label' } | { kind: 'campaign'; campaignId: number; question: string };

function scopeSql(scope: DistributionScope): { from: string; group: string; params: unknown[] } {
  if (scope.kind === 'corpus') {
    const group = scope.by === 'reference' ? `CASE p."referenceIsParaphrase" WHEN TRUE THEN 'yes' WHEN FALSE THEN 'no' END` : `NULLIF(btrim(p."referenceLabel"), '')`;
    return { from: `"Pair" p WHERE p."corpusId" = $1`, group, params: [scope.corpusId] };
  }
  return {
    from: `"CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId"
      LEFT JOIN "FinalLabel" f ON f."campaignId" = i."campaignId" AND f."pairId" = i."pairId" AND f."question" = $2
      WHERE i."campaignId" = $1 AND NOT i."isGold"`,
    group: asText('f."value"'),
    params: [scope.campaignId, scope.question],
  };
}

/** How many pairs each group has (the group NULL: pairs without a label). */
export async function countDistributionGroups(db: Queryable, scope: DistributionScope): Promise<Array<{ group: string | null; pairs: number }>> {
  const { from, group, params } = scopeSql(scope);
  const { rows } = await db.query<{ group: string | null; pairs: number }>(`SELECT ${group} AS "group", count(*)::int AS pairs FROM ${from} GROUP BY 1`, params);
  return rows;
}

/** Every (group, measure) with a value: the box figures and the histogram (bins 1…HISTOGRAM_BINS). */
export async function computeDistributionRows(db: Queryable, scope: DistributionScope, measures: readonly SqlMeasure[], bins = HISTOGRAM_BINS): Promise<DistributionRow[]> {
  if (measures.length === 0) return [];
  const { from, group, params } = scopeSql(scope);
  const n = `$${params.length + 1}::int`;
  const columns = measures.map((m, i) => `(${m.sql})::float8 AS m${i}`).join(', ');
  const values = measures.map((_, i) => `(${i}, b.m${i})`).join(', ');
  const { rows } = await db.query<Omit<DistributionRow, 'measure'> & { k: number }>(
    `WITH base AS MATERIALIZED (SELECT ${group} AS g, ${columns} FROM ${from}),
     vals AS MATERIALIZED (SELECT b.g, x.k, x.v FROM base b CROSS JOIN LATERAL (VALUES ${values}) x(k, v) WHERE b.g IS NOT NULL AND x.v IS NOT NULL),
     stats AS (SELECT g, k, count(*)::int AS n, min(v) AS mn, max(v) AS mx, avg(v) AS mean,
                 percentile_cont(ARRAY[0.25, 0.5, 0.75]::float8[]) WITHIN GROUP (ORDER BY v) AS q FROM vals GROUP BY g, k),
     ranges AS (SELECT k, min(mn) AS mn, max(mx) AS mx, min(mn) >= 0 AND max(mx) <= 1 AS unit FROM stats GROUP BY k),
     edges AS (SELECT k, CASE WHEN unit THEN 0 ELSE mn END AS lo, CASE WHEN unit THEN 1 WHEN mx > mn THEN mx ELSE mn + 1 END AS hi FROM ranges),
     whiskers AS (SELECT v.g, v.k, min(v.v) FILTER (WHERE v.v >= s.q[1] - 1.5 * (s.q[3] - s.q[1])) AS lo, max(v.v) FILTER (WHERE v.v <= s.q[3] + 1.5 * (s.q[3] - s.q[1])) AS hi
                  FROM vals v JOIN stats s ON s.g = v.g AND s.k = v.k GROUP BY v.g, v.k),
     hist AS (SELECT v.g, v.k, LEAST(width_bucket(v.v, e.lo, e.hi, ${n}), ${n}) AS bin, count(*)::int AS c FROM vals v JOIN edges e ON e.k = v.k GROUP BY 1, 2, 3),
     histograms AS (SELECT g, k, json_object_agg(bin, c) AS bins FROM hist GROUP BY g, k)
     SELECT s.g AS "group", s.k, s.n, s.mn AS min, s.q[1] AS q1, s.q[2] AS median, s.q[3] AS q3, s.mx AS max, w.lo AS "whiskerLow", w.hi AS "whiskerHigh", s.mean,
            e.lo AS "rangeLow", e.hi AS "rangeHigh", h.bins
     FROM stats s JOIN whiskers w ON w.g = s.g AND w.k = s.k JOIN edges e ON e.k = s.k LEFT JOIN histograms h ON h.g = s.g AND h.k = s.k
     ORDER BY s.k, s.g`,
    [...params, bins],
  );
  return rows.map(({ k, ...row }) => ({ ...row, measure: measures[k]!.key }));
}

/** How many distinct labels a corpus's pairs carry (a split by label is offered only for a few). */
export async function countDistinctLabels(db: Queryable, corpusId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(DISTINCT NULLIF(btrim("referenceLabel"), ''))::int AS n FROM "Pair" WHERE "corpusId" = $1`, [corpusId]);
  return rows[0]?.n ?? 0;
}
