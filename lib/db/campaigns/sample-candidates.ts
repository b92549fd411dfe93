/**
 * The candidate pairs of a campaign sample in SQL, shared by the draw (lib/db/campaigns/sampling.ts) and the
 * preview (lib/db/campaigns/sampling-preview.ts) so both count the same strata: the filters; the group a
 * pair is drawn in (its corpus's slug when the plan draws per corpus, else one group '');
 * its order key md5(seed ":" pairId); and its stratum, computed within its group: equal-width bins
 * over the group's observed range (the top value in the top bin), equal-count bins (`quantile`:
 * ntile over the group's values, ties broken by pair id), or the characteristic map's cells. The
 * arithmetic is lib/sampling/strata.ts's, in the same order, in float8; lib/sampling/reference-draw.ts
 * is the specification the database tests compare with. Column names come from the measure
 * catalogue via the validated plan, never from input; values are bound parameters.
 *
 * `semSets` (a sample drawn again with the definitions it recorded, lib/sampling/definitions.ts):
 * per corpus id, the semantic measures sem is recomputed from instead of the stored sem (and Δ from
 * it), with the tier rule of lib/db/corpora/semantic-set.ts.
 */
import { Prisma } from '../generated/client';
import type { SampleFilters, SamplePlan } from '@/lib/sampling/sample-plan';
import { MAP_BINS } from '@/lib/sampling/strata';
import type { SemanticMeasureKey } from '@/lib/measures/catalog';
import { semValueForSetSql } from '../corpora/semantic-set';

export type SemSets = ReadonlyMap<number, readonly SemanticMeasureKey[]>;

/** A measure's value of pair `p`: its column, or sem (and Δ) recomputed from the given sets. */
function measureSql(measure: string, semSets?: SemSets): Prisma.Sql {
  if (!semSets || semSets.size === 0 || (measure !== 'sem' && measure !== 'delta')) return Prisma.raw(`p."${measure}"`);
  const arms = [...semSets].map(([id, set]) => `WHEN ${Math.trunc(id)} THEN ${semValueForSetSql(set).sem}`).join(' ');
  const sem = `(CASE p."corpusId" ${arms} ELSE p."sem" END)`;
  return Prisma.raw(measure === 'sem' ? sem : `(${sem} - p."syn")`);
}
// Integers from the validated plan, written into the SQL so PostgreSQL computes in float8 as JavaScript does.
const int = (n: number) => Prisma.raw(String(Math.trunc(n)));

function filterConditions(corpusIds: number[], filters: SampleFilters, semSets?: SemSets): Prisma.Sql[] {
  const column = (measure: string) => measureSql(measure, semSets);
  const conditions = [Prisma.sql`p."corpusId" = ANY(${corpusIds}::int[])`];
  if (filters.length) {
    const [min, max] = filters.length;
    conditions.push(Prisma.sql`p."lengthA" BETWEEN ${min} AND ${max} AND p."lengthB" BETWEEN ${min} AND ${max}`);
  }
  if (filters.tiers)
    conditions.push(
      Prisma.sql`p."corpusId" IN (SELECT c."id" FROM "Corpus" c WHERE c."tier"::text = ANY(${filters.tiers}::text[]))`,
    );
  if (filters.textTypes) {
    conditions.push(
      Prisma.sql`ta."type"::text = ANY(${filters.textTypes}::text[]) AND tb."type"::text = ANY(${filters.textTypes}::text[])`,
    );
  }
  for (const { measure, min, max } of filters.measures) {
    conditions.push(Prisma.sql`${column(measure)} IS NOT NULL`);
    if (min !== null) conditions.push(Prisma.sql`${column(measure)} >= ${min}::float8`);
    if (max !== null) conditions.push(Prisma.sql`${column(measure)} <= ${max}::float8`);
  }
  return conditions;
}

/** The values the strata are computed from: x (the measure, or syn for map cells) and y (sem). */
function stratumInputs(plan: SamplePlan, semSets?: SemSets): { x: Prisma.Sql; y: Prisma.Sql } {
  const s = plan.stratify;
  if (s === null) return { x: Prisma.sql`NULL::float8`, y: Prisma.sql`NULL::float8` };
  if (s.kind === 'cell') return { x: Prisma.sql`p."syn"`, y: measureSql('sem', semSets) };
  return { x: measureSql(s.measure, semSets), y: Prisma.sql`NULL::float8` };
}

/** The stratum label in SQL (per corpus: prefixed with the corpus slug and "/"). */
function stratumLabel(plan: SamplePlan): Prisma.Sql {
  const s = plan.stratify;
  const prefix = (label: Prisma.Sql) => (plan.perCorpus ? Prisma.sql`b.g || '/' || ${label}` : label);
  if (s === null) return plan.perCorpus ? Prisma.sql`b.g` : Prisma.sql`NULL::text`;
  if (s.kind === 'cell') {
    const axis = (v: Prisma.Sql) =>
      Prisma.sql`GREATEST(0, LEAST(${int(MAP_BINS - 1)}, floor(${v} * ${int(MAP_BINS)}::float8)))::int`;
    return prefix(Prisma.sql`'cell:' || ${axis(Prisma.sql`b.x`)} || ',' || ${axis(Prisma.sql`b.y`)}`);
  }
  const bin =
    s.binning === 'quantile'
      ? Prisma.sql`(ntile(${int(s.bins)}) OVER (PARTITION BY b.g ORDER BY b.x, b."pairId") - 1)`
      : Prisma.sql`CASE WHEN r.hi > r.lo THEN GREATEST(0, LEAST(${int(s.bins - 1)}, floor((b.x - r.lo) / (r.hi - r.lo) * ${int(s.bins)}::float8)))::int ELSE 0 END`;
  return prefix(Prisma.sql`${s.measure + ':'} || ${bin}`);
}

/**
 * `base` (the filtered pairs: "pairId", x, y, g), `r` (per group: lo, hi of x), `cand` (the
 * candidates: "pairId", k, stratum, g, x) and `stats` (per stratum, null included: n, lo, hi of x),
 * as the first CTEs of a WITH. `stats` is one pass over the candidates that the cut, the counts and
 * the ranges of a report all read (each was a pass of its own: 4 s each over 10,000,000 candidates).
 */
export function candidateCtes(corpusIds: number[], plan: SamplePlan, semSets?: SemSets): Prisma.Sql {
  const { x, y } = stratumInputs(plan, semSets);
  const texts =
    plan.filters.textTypes !== null
      ? Prisma.sql`JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"`
      : Prisma.empty;
  const group = plan.perCorpus ? Prisma.sql`(SELECT c."slug" FROM "Corpus" c WHERE c."id" = p."corpusId")` : Prisma.sql`''::text`;
  const s = plan.stratify;
  const present =
    s === null
      ? Prisma.sql`TRUE`
      : s.kind === 'cell'
        ? Prisma.sql`b.x IS NOT NULL AND b.y IS NOT NULL`
        : Prisma.sql`b.x IS NOT NULL`;
  return Prisma.sql`
    base AS MATERIALIZED (
      SELECT p."id" AS "pairId", ${x} AS x, ${y} AS y, ${group} AS g
      FROM "Pair" p ${texts}
      WHERE ${Prisma.join(filterConditions(corpusIds, plan.filters, semSets), ' AND ')}
    ),
    r AS (SELECT b.g, min(b.x) AS lo, max(b.x) AS hi FROM base b WHERE b.x IS NOT NULL GROUP BY b.g),
    cand AS MATERIALIZED (
      SELECT b."pairId", md5(${plan.seed}::text || ':' || b."pairId"::text) COLLATE "C" AS k, ${stratumLabel(plan)} AS stratum, b.g, b.x
      FROM base b LEFT JOIN r ON r.g = b.g WHERE ${present}
    ),
    stats AS MATERIALIZED (SELECT stratum, count(*)::int AS n, min(x) AS lo, max(x) AS hi FROM cand GROUP BY stratum)`;
}

/**
 * The candidates the plan takes: all, the first n (per group when drawing per corpus), or the first k
 * of each stratum. `cutKeep` (tests only) sets how many of a stratum its cut is expected to keep.
 */
export function chosenRows(plan: SamplePlan, cutKeep?: number): Prisma.Sql {
  if (plan.strategy === 'random') {
    if (!plan.perCorpus) return Prisma.sql`SELECT "pairId", k, stratum FROM cand ORDER BY k, "pairId" LIMIT ${plan.size ?? 0}`;
    return Prisma.sql`SELECT "pairId", k, stratum FROM (
      SELECT *, row_number() OVER (PARTITION BY g ORDER BY k, "pairId") AS rn FROM cand) ranked
      WHERE rn <= ${plan.size ?? 0}`;
  }
  if (plan.strategy === 'stratified') {
    const perBin = plan.perBin ?? 0;
    // Ranking every candidate sorted them all (10M on disk: 90 s). Only those whose key is below their
    // stratum's cut are ranked: a key prefix that a uniform key passes with probability (4k + 32) / n,
    // so the window sorts thousands of rows, taken in one pass over the candidates. A stratum that
    // kept fewer than min(n, k) below its cut (as good as never: fewer than a quarter of the expected
    // number) is ranked whole, so the items are always exactly the first k by key, as ranking all of
    // them gives; with no such stratum, that branch's join finds its inner side empty and reads nothing.
    const keep = int(cutKeep ?? 4 * perBin + 32);
    return Prisma.sql`WITH cut0 AS (
        SELECT stratum, n,
          (CASE WHEN n <= ${keep} THEN 'g'
                ELSE lpad(to_hex(ceil(${keep}::float8 / n * 4294967296)::bigint), 8, '0') END) COLLATE "C" AS below
        FROM stats),
      below AS MATERIALIZED (SELECT c."pairId", c.k, c.stratum FROM cand c JOIN cut0 ON cut0.stratum = c.stratum WHERE c.k < cut0.below),
      kept AS (SELECT stratum, count(*) AS n FROM below GROUP BY stratum),
      short AS MATERIALIZED (SELECT cut0.stratum FROM cut0 LEFT JOIN kept ON kept.stratum = cut0.stratum
        WHERE COALESCE(kept.n, 0) < LEAST(cut0.n, ${perBin})),
      pool AS (
        SELECT b."pairId", b.k, b.stratum FROM below b WHERE NOT EXISTS (SELECT 1 FROM short s WHERE s.stratum = b.stratum)
        UNION ALL
        SELECT c."pairId", c.k, c.stratum FROM cand c JOIN short ON short.stratum = c.stratum)
      SELECT "pairId", k, stratum FROM (
        SELECT p."pairId", p.k, p.stratum, row_number() OVER (PARTITION BY p.stratum ORDER BY p.k, p."pairId") AS rn FROM pool p) ranked
      WHERE rn <= ${perBin}`;
  }
  return Prisma.sql`SELECT "pairId", k, stratum FROM cand`;
}

/** Per group: the observed range of x (`''` when not per corpus). SQL of a JSON object g → {lo, hi}. */
export const groupRangesJson = Prisma.sql`(SELECT json_object_agg(r.g, json_build_object('lo', r.lo, 'hi', r.hi)) FROM r)`;

/** Per stratum: the observed range of x among its candidates. SQL of a JSON object stratum → {lo, hi}. */
export const stratumRangesJson = Prisma.sql`(SELECT json_object_agg(s.stratum, json_build_object('lo', s.lo, 'hi', s.hi))
  FROM stats s WHERE s.stratum IS NOT NULL AND s.lo IS NOT NULL)`;
