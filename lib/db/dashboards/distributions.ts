/**
 * Every measure's distribution split by a label, in SQL (lib/dashboards/distributions.ts names the
 * shapes; lib/db/dashboards/distribution-cache.ts stores a corpus's): per group and measure n, min,
 * max, mean, the quartiles by percentile_cont
 * (numpy.percentile's default linear interpolation), the whiskers as the most extreme values within
 * 1.5 IQR of the quartiles, and a histogram by width_bucket over [0, 1] when every value of the
 * measure lies there, else over its smallest to largest value (the top edge counted in the last bin,
 * as numpy.histogram does). A measure is a SQL expression over the pair row `p`, so any column or
 * subselect can be one; the groups are a SQL expression too (NULL: left out, counted apart).
 */
import { measureList } from '@/lib/measures/catalog';
import { USER_MEASURE_PREFIX } from '@/lib/measures/user-measures';
import { userMeasureSql } from '../corpora/user-measures';
import { HISTOGRAM_BINS, type DistributionMeasure, type DistributionRow } from '@/lib/dashboards/distributions';
import { asText } from './label-comparison';
import { inReadSnapshot, type Queryable } from '../sql-pool';

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

/**
 * What is split and by what: a corpus's pairs by its own paraphrase label or its label, or a
 * campaign's (non-gold) pairs by a question's final label.
 */
export type DistributionScope =
  { kind: 'corpus'; corpusId: number; by: 'reference' | 'label' } | { kind: 'campaign'; campaignId: number; question: string };

function scopeSql(scope: DistributionScope): { from: string; group: string; params: unknown[] } {
  if (scope.kind === 'corpus') {
    const group =
      scope.by === 'reference'
        ? `CASE p."referenceIsParaphrase" WHEN TRUE THEN 'yes' WHEN FALSE THEN 'no' END`
        : `NULLIF(btrim(p."referenceLabel"), '')`;
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
export async function countDistributionGroups(
  db: Queryable,
  scope: DistributionScope,
): Promise<Array<{ group: string | null; pairs: number }>> {
  const { from, group, params } = scopeSql(scope);
  const { rows } = await db.query<{ group: string | null; pairs: number }>(
    `SELECT ${group} AS "group", count(*)::int AS pairs FROM ${from} GROUP BY 1`,
    params,
  );
  return rows;
}

interface FirstPass {
  group: string;
  n: number;
  min: number;
  max: number;
  mean: number;
  q: [number, number, number];
}

/**
 * Every (group, measure) with a value: the box figures and the histogram (bins 1…HISTOGRAM_BINS), in
 * two scans of the scope whatever the number of measures. The first sorts each measure once per group
 * (percentile_cont) and takes n, min, max and mean; the second, given the quartiles and each measure's
 * edges, takes the whiskers and counts the bins. (One statement that first unpinned every value into a
 * (group, measure, value) row took 4× as long as the sorts alone at 1,000,000 pairs; these two, about
 * 0.6–1.1× — scripts/bench/distributions.ts.) Both in one read snapshot. The arithmetic of the
 * edges and the whisker bounds is the
 * same IEEE double arithmetic SQL would do, and the numbers cross as shortest round-trip decimals.
 */
export async function computeDistributionRows(
  db: Queryable,
  scope: DistributionScope,
  measures: readonly SqlMeasure[],
  bins = HISTOGRAM_BINS,
): Promise<DistributionRow[]> {
  if (measures.length === 0) return [];
  return inReadSnapshot(db, (snapshot) => twoScans(snapshot, scope, measures, bins));
}

async function twoScans(
  db: Queryable,
  scope: DistributionScope,
  measures: readonly SqlMeasure[],
  bins: number,
): Promise<DistributionRow[]> {
  const { from, group, params } = scopeSql(scope);
  const base = `(SELECT ${group} AS g, ${measures.map((m, i) => `(${m.sql})::float8 AS m${i}`).join(', ')} FROM ${from}) b WHERE b.g IS NOT NULL`;
  const firstColumns = measures.map(
    (_, i) =>
      `count(m${i})::int AS n${i}, min(m${i}) AS mn${i}, max(m${i}) AS mx${i}, avg(m${i}) AS av${i}, percentile_cont(ARRAY[0.25, 0.5, 0.75]::float8[]) WITHIN GROUP (ORDER BY m${i}) AS q${i}`,
  );
  const { rows: first } = await db.query<Record<string, unknown>>(
    `SELECT g, ${firstColumns.join(', ')} FROM ${base} GROUP BY g ORDER BY g`,
    params,
  );
  const groups = first.map((r) => String(r.g));
  // per measure: the groups that have a value of it, and the histogram's edges over all of them
  const perMeasure = measures.map((_, k) => {
    const stats = first.flatMap((r): FirstPass[] =>
      Number(r[`n${k}`]) > 0
        ? [
            {
              group: String(r.g),
              n: Number(r[`n${k}`]),
              min: Number(r[`mn${k}`]),
              max: Number(r[`mx${k}`]),
              mean: Number(r[`av${k}`]),
              q: (r[`q${k}`] as number[]).map(Number) as FirstPass['q'],
            },
          ]
        : [],
    );
    const mn = Math.min(...stats.map((s) => s.min));
    const mx = Math.max(...stats.map((s) => s.max));
    const unit = mn >= 0 && mx <= 1;
    return { stats, lo: unit ? 0 : mn, hi: unit ? 1 : mx > mn ? mx : mn + 1 };
  });
  const used = perMeasure.flatMap((m, k) => (m.stats.length > 0 ? [k] : []));
  if (used.length === 0) return [];
  // whisker bounds per (measure, group), flattened as k * groups + group index
  const bound = (k: number, side: 'lo' | 'hi') =>
    groups.map((g) => {
      const s = perMeasure[k]!.stats.find((x) => x.group === g);
      if (!s) return null;
      const iqr = s.q[2] - s.q[0];
      return side === 'lo' ? s.q[0] - 1.5 * iqr : s.q[2] + 1.5 * iqr;
    });
  const p = params.length;
  const gi = `array_position($${p + 1}::text[], g)`;
  const at = (param: number, k: number) => `($${param}::float8[])[${k * groups.length} + ${gi}]`;
  const secondColumns = used.flatMap((k, j) => {
    // LEAST skips a NULL, so a missing value is kept out of the last bin by the filter
    const bucket = `LEAST(width_bucket(m${k}, ($${p + 4}::float8[])[${j + 1}], ($${p + 5}::float8[])[${j + 1}], ${bins}), ${bins})`;
    return [
      `min(m${k}) FILTER (WHERE m${k} >= ${at(p + 2, k)}) AS wl${k}`,
      `max(m${k}) FILTER (WHERE m${k} <= ${at(p + 3, k)}) AS wh${k}`,
      `ARRAY[${Array.from({ length: bins }, (_, b) => `count(*) FILTER (WHERE m${k} IS NOT NULL AND ${bucket} = ${b + 1})`).join(', ')}]::int[] AS h${k}`,
    ];
  });
  const { rows: second } = await db.query<Record<string, unknown>>(
    `SELECT g, ${secondColumns.join(', ')} FROM ${base} GROUP BY g`,
    [
      ...params,
      groups,
      measures.flatMap((_, k) => bound(k, 'lo')),
      measures.flatMap((_, k) => bound(k, 'hi')),
      used.map((k) => perMeasure[k]!.lo),
      used.map((k) => perMeasure[k]!.hi),
    ],
  );
  const byGroup = new Map(second.map((r) => [String(r.g), r]));
  return used.flatMap((k) =>
    perMeasure[k]!.stats.map((s): DistributionRow => {
      const r = byGroup.get(s.group)!;
      const counts = r[`h${k}`] as number[];
      const binsOf = Object.fromEntries(counts.flatMap((c, b) => (c > 0 ? [[String(b + 1), c]] : [])));
      return {
        group: s.group,
        measure: measures[k]!.key,
        n: s.n,
        min: s.min,
        q1: s.q[0],
        median: s.q[1],
        q3: s.q[2],
        max: s.max,
        whiskerLow: Number(r[`wl${k}`]),
        whiskerHigh: Number(r[`wh${k}`]),
        mean: s.mean,
        rangeLow: perMeasure[k]!.lo,
        rangeHigh: perMeasure[k]!.hi,
        bins: Object.keys(binsOf).length > 0 ? binsOf : null,
      };
    }),
  );
}
