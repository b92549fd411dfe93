/**
 * The sample preview of the new-campaign form: how many pairs pass the filters, how many have the
 * measure to stratify by, and per stratum how many candidates there are and how many the draw would
 * take, without drawing or writing anything. Counts do not depend on the seed. The filters and the
 * stratum arithmetic repeat the draw's (lib/db/sampling.ts keeps its SQL fragments private);
 * lib/db/sampling-preview.db.test.ts checks that the preview and a real draw agree on every count.
 * Column names come from the measure catalogue via the validated plan; values are bound.
 */
import type { Db } from './client';
import { Prisma } from './generated/client';
import type { SamplePlan } from '@/lib/sampling/sample-plan';
import { binEdges, MAP_BINS } from '@/lib/sampling/strata';
import { sortStrata, stratumLabel } from '@/lib/sampling/describe-sample';

export interface StratumPreview {
  stratum: string;
  label: string;
  lo: number | null;
  hi: number | null;
  available: number;
  drawn: number;
}

export interface SamplePreviewCounts {
  filtered: number;
  candidates: number;
  missingMeasure: number;
  items: number;
  range: { min: number; max: number } | null;
  strata: StratumPreview[] | null;
}

const column = (measure: string) => Prisma.raw(`p."${measure}"`);
const int = (n: number) => Prisma.raw(String(Math.trunc(n)));

function candidateFilter(corpusIds: number[], plan: SamplePlan): { from: Prisma.Sql; where: Prisma.Sql; present: Prisma.Sql } {
  const f = plan.filters;
  const conditions = [Prisma.sql`p."corpusId" = ANY(${corpusIds}::int[])`];
  if (f.length) conditions.push(Prisma.sql`p."lengthA" BETWEEN ${f.length[0]} AND ${f.length[1]} AND p."lengthB" BETWEEN ${f.length[0]} AND ${f.length[1]}`);
  if (f.tiers) conditions.push(Prisma.sql`p."corpusId" IN (SELECT c."id" FROM "Corpus" c WHERE c."tier"::text = ANY(${f.tiers}::text[]))`);
  if (f.textTypes) conditions.push(Prisma.sql`ta."type"::text = ANY(${f.textTypes}::text[]) AND tb."type"::text = ANY(${f.textTypes}::text[])`);
  for (const { measure, min, max } of f.measures) {
    conditions.push(Prisma.sql`${column(measure)} IS NOT NULL`);
    if (min !== null) conditions.push(Prisma.sql`${column(measure)} >= ${min}::float8`);
    if (max !== null) conditions.push(Prisma.sql`${column(measure)} <= ${max}::float8`);
  }
  const from = f.textTypes ? Prisma.sql`"Pair" p JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"` : Prisma.sql`"Pair" p`;
  const s = plan.stratify;
  const present = s === null ? Prisma.sql`TRUE` : s.kind === 'cell' ? Prisma.sql`b.x IS NOT NULL AND b.y IS NOT NULL` : Prisma.sql`b.x IS NOT NULL`;
  return { from, where: Prisma.join(conditions, ' AND '), present };
}

/** x: the measure binned (syn for map cells); y: sem for map cells. */
function stratumInputs(plan: SamplePlan): { x: Prisma.Sql; y: Prisma.Sql } {
  const s = plan.stratify;
  if (s === null) return { x: Prisma.sql`NULL::float8`, y: Prisma.sql`NULL::float8` };
  if (s.kind === 'cell') return { x: Prisma.sql`p."syn"`, y: Prisma.sql`p."sem"` };
  return { x: column(s.measure), y: Prisma.sql`NULL::float8` };
}

/** The stratum label: lib/sampling/strata.ts's arithmetic in the same order, in float8. */
function stratumLabelSql(plan: SamplePlan): Prisma.Sql {
  const s = plan.stratify;
  if (s === null) return Prisma.sql`NULL::text`;
  if (s.kind === 'cell') {
    const axis = (v: Prisma.Sql) => Prisma.sql`GREATEST(0, LEAST(${int(MAP_BINS - 1)}, floor(${v} * ${int(MAP_BINS)}::float8)))::int`;
    return Prisma.sql`'cell:' || ${axis(Prisma.sql`b.x`)} || ',' || ${axis(Prisma.sql`b.y`)}`;
  }
  const bin = Prisma.sql`CASE WHEN r.hi > r.lo THEN GREATEST(0, LEAST(${int(s.bins - 1)}, floor((b.x - r.lo) / (r.hi - r.lo) * ${int(s.bins)}::float8)))::int ELSE 0 END`;
  return Prisma.sql`${s.measure + ':'} || ${bin}`;
}

interface Row {
  filtered: number;
  candidates: number;
  lo: number | null;
  hi: number | null;
  strata: Record<string, number> | null;
}

/** Counts what `plan` would draw from the corpora. */
export async function countSamplePreview(db: Db, corpusIds: number[], plan: SamplePlan): Promise<SamplePreviewCounts> {
  const { from, where, present } = candidateFilter(corpusIds, plan);
  const { x, y } = stratumInputs(plan);
  const rows = await db.$queryRaw<Row[]>`
    WITH base AS MATERIALIZED (SELECT ${x} AS x, ${y} AS y FROM ${from} WHERE ${where}),
    r AS (SELECT min(b.x) AS lo, max(b.x) AS hi FROM base b WHERE b.x IS NOT NULL),
    cand AS (SELECT ${stratumLabelSql(plan)} AS stratum FROM base b CROSS JOIN r WHERE ${present}),
    counts AS (SELECT stratum, count(*)::int AS n FROM cand GROUP BY stratum)
    SELECT (SELECT count(*) FROM base)::int AS filtered,
           (SELECT count(*) FROM cand)::int AS candidates,
           r.lo, r.hi,
           (SELECT json_object_agg(c.stratum, c.n) FROM counts c WHERE c.stratum IS NOT NULL) AS strata
    FROM r`;
  const row = rows[0]!;
  const s = plan.stratify;
  const range = s?.kind === 'measure' && row.lo !== null && row.hi !== null ? { min: row.lo, max: row.hi } : null;
  const edges = range && s?.kind === 'measure' ? binEdges(range.min, range.max, s.bins) : [];
  const strata =
    s === null
      ? null
      : sortStrata(Object.entries(row.strata ?? {})).map(([stratum, available]) => {
          const edge = s.kind === 'measure' ? edges[Number(stratum.slice(stratum.lastIndexOf(':') + 1))] : undefined;
          return { stratum, label: stratumLabel(stratum, s.kind === 'measure' ? s.bins : undefined), lo: edge?.[0] ?? null, hi: edge?.[1] ?? null, available, drawn: Math.min(available, plan.perBin ?? 0) };
        });
  const items = plan.strategy === 'all' ? row.candidates : plan.strategy === 'random' ? Math.min(plan.size ?? 0, row.candidates) : (strata ?? []).reduce((n, st) => n + st.drawn, 0);
  return { filtered: row.filtered, candidates: row.candidates, missingMeasure: row.filtered - row.candidates, items, range, strata };
}

/** The corpora of a preview or campaign by slug, and the slugs that name none. */
export async function findCorporaBySlug(db: Db, slugs: readonly string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const corpora = await db.corpus.findMany({ where: { slug: { in: [...slugs] } }, select: { id: true, slug: true } });
  return { ids: corpora.map((c) => c.id), unknown: [...new Set(slugs)].filter((s) => !corpora.some((c) => c.slug === s)) };
}
