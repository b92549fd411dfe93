/**
 * The draw of a campaign's items in one SQL statement: filter the corpora's pairs, give each an
 * order key md5(seed ":" pairId), take all, the first n, or the first k of each stratum (a window
 * function numbers the candidates within their stratum), and insert them as CampaignItems with
 * their position (the key order) and stratum. lib/sampling/reference-draw.ts is the specification
 * in JavaScript; lib/db/sampling.db.test.ts checks that both draw the same items.
 * Column names come from the measure catalogue, never from input; values are bound parameters.
 */
import type { Db } from './client';
import { Prisma } from './generated/client';
import type { SampleFilters, SamplePlan } from '@/lib/sampling/sample-plan';
import type { StratumCount } from '@/lib/sampling/reference-draw';
import { binEdges, MAP_BINS } from '@/lib/sampling/strata';

type Tx = Pick<Db, '$queryRaw'>;

const column = (measure: string) => Prisma.raw(`p."${measure}"`);

function filterConditions(corpusIds: number[], filters: SampleFilters): Prisma.Sql[] {
  const conditions = [Prisma.sql`p."corpusId" = ANY(${corpusIds}::int[])`];
  if (filters.length) {
    const [min, max] = filters.length;
    conditions.push(Prisma.sql`p."lengthA" BETWEEN ${min} AND ${max} AND p."lengthB" BETWEEN ${min} AND ${max}`);
  }
  if (filters.tiers) conditions.push(Prisma.sql`p."corpusId" IN (SELECT c."id" FROM "Corpus" c WHERE c."tier"::text = ANY(${filters.tiers}::text[]))`);
  if (filters.textTypes) {
    conditions.push(Prisma.sql`ta."type"::text = ANY(${filters.textTypes}::text[]) AND tb."type"::text = ANY(${filters.textTypes}::text[])`);
  }
  for (const { measure, min, max } of filters.measures) {
    conditions.push(Prisma.sql`${column(measure)} IS NOT NULL`);
    if (min !== null) conditions.push(Prisma.sql`${column(measure)} >= ${min}::float8`);
    if (max !== null) conditions.push(Prisma.sql`${column(measure)} <= ${max}::float8`);
  }
  return conditions;
}

/** The values the strata are computed from: x (the measure, or syn for map cells) and y (sem). */
function stratumInputs(plan: SamplePlan): { x: Prisma.Sql; y: Prisma.Sql } {
  const s = plan.stratify;
  if (s === null) return { x: Prisma.sql`NULL::float8`, y: Prisma.sql`NULL::float8` };
  if (s.kind === 'cell') return { x: Prisma.sql`p."syn"`, y: Prisma.sql`p."sem"` };
  return { x: column(s.measure), y: Prisma.sql`NULL::float8` };
}

/** The stratum label in SQL: the same arithmetic as lib/sampling/strata.ts, in the same order. */
function stratumLabel(plan: SamplePlan): Prisma.Sql {
  const s = plan.stratify;
  if (s === null) return Prisma.sql`NULL::text`;
  // Integers from the validated plan, written into the SQL so PostgreSQL computes in float8 as JavaScript does.
  const int = (n: number) => Prisma.raw(String(Math.trunc(n)));
  if (s.kind === 'cell') {
    const axis = (v: Prisma.Sql) => Prisma.sql`GREATEST(0, LEAST(${int(MAP_BINS - 1)}, floor(${v} * ${int(MAP_BINS)}::float8)))::int`;
    return Prisma.sql`'cell:' || ${axis(Prisma.sql`b.x`)} || ',' || ${axis(Prisma.sql`b.y`)}`;
  }
  const bin = Prisma.sql`CASE WHEN r.hi > r.lo THEN GREATEST(0, LEAST(${int(s.bins - 1)}, floor((b.x - r.lo) / (r.hi - r.lo) * ${int(s.bins)}::float8)))::int ELSE 0 END`;
  return Prisma.sql`${s.measure + ':'} || ${bin}`;
}

function chosenRows(plan: SamplePlan): Prisma.Sql {
  if (plan.strategy === 'random') return Prisma.sql`SELECT * FROM cand ORDER BY k, "pairId" LIMIT ${plan.size ?? 0}`;
  if (plan.strategy === 'stratified') {
    return Prisma.sql`SELECT "pairId", k, stratum FROM (
      SELECT *, row_number() OVER (PARTITION BY stratum ORDER BY k, "pairId") AS rn FROM cand) ranked
      WHERE rn <= ${plan.perBin ?? 0}`;
  }
  return Prisma.sql`SELECT * FROM cand`;
}

export interface SampleOutcome {
  /** pairs that passed the filters */
  filtered: number;
  /** of those, the ones with the measure(s) stratified on */
  candidates: number;
  missingMeasure: number;
  items: number;
  range: { min: number; max: number; edges: Array<[number, number]> } | null;
  strata: Record<string, StratumCount> | null;
}

interface OutcomeRow {
  filtered: number;
  candidates: number;
  items: number;
  lo: number | null;
  hi: number | null;
  strata: Record<string, StratumCount> | null;
}

/** Draws the campaign's items (inside the caller's transaction) and reports how the draw went. */
export async function drawCampaignItems(tx: Tx, campaignId: number, corpusIds: number[], plan: SamplePlan): Promise<SampleOutcome> {
  const { x, y } = stratumInputs(plan);
  const needsTexts = plan.filters.textTypes !== null;
  const texts = needsTexts ? Prisma.sql`JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"` : Prisma.empty;
  const present = plan.stratify === null ? Prisma.sql`TRUE` : plan.stratify.kind === 'cell' ? Prisma.sql`b.x IS NOT NULL AND b.y IS NOT NULL` : Prisma.sql`b.x IS NOT NULL`;
  const rows = await tx.$queryRaw<OutcomeRow[]>`
    WITH base AS MATERIALIZED (
      SELECT p."id" AS "pairId", ${x} AS x, ${y} AS y
      FROM "Pair" p ${texts}
      WHERE ${Prisma.join(filterConditions(corpusIds, plan.filters), ' AND ')}
    ),
    r AS (SELECT min(b.x) AS lo, max(b.x) AS hi FROM base b WHERE b.x IS NOT NULL),
    cand AS MATERIALIZED (
      SELECT b."pairId", md5(${plan.seed}::text || ':' || b."pairId"::text) COLLATE "C" AS k, ${stratumLabel(plan)} AS stratum
      FROM base b CROSS JOIN r WHERE ${present}
    ),
    chosen AS (${chosenRows(plan)}),
    ins AS (
      INSERT INTO "CampaignItem" ("campaignId", "pairId", "position", "stratum")
      SELECT ${campaignId}, "pairId", (row_number() OVER (ORDER BY k, "pairId"))::int, stratum FROM chosen
      RETURNING "stratum"
    ),
    available AS (SELECT stratum, count(*)::int AS n FROM cand GROUP BY stratum),
    drawn AS (SELECT stratum, count(*)::int AS n FROM ins GROUP BY stratum)
    SELECT (SELECT count(*) FROM base)::int AS filtered,
           (SELECT count(*) FROM cand)::int AS candidates,
           (SELECT count(*) FROM ins)::int AS items,
           r.lo, r.hi,
           (SELECT json_object_agg(a.stratum, json_build_object('available', a.n, 'drawn', COALESCE(d.n, 0)) ORDER BY a.stratum)
              FROM available a LEFT JOIN drawn d ON d.stratum = a.stratum WHERE a.stratum IS NOT NULL) AS strata
    FROM r`;
  const row = rows[0]!;
  const s = plan.stratify;
  const range = s?.kind === 'measure' && row.lo !== null && row.hi !== null ? { min: row.lo, max: row.hi, edges: binEdges(row.lo, row.hi, s.bins) } : null;
  return {
    filtered: row.filtered,
    candidates: row.candidates,
    missingMeasure: row.filtered - row.candidates,
    items: row.items,
    range,
    strata: s === null ? null : (row.strata ?? {}),
  };
}
