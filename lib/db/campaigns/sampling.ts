/**
 * The draw of a campaign's items in one SQL statement: filter the corpora's pairs, give each an
 * order key md5(seed ":" pairId), take all, the first n (of each corpus, when drawing per corpus),
 * or the first k of each stratum (a window function numbers the candidates within their stratum;
 * per corpus, each corpus's strata are its own: lib/db/campaigns/sample-candidates.ts), and insert them as
 * CampaignItems with their position (the key order) and stratum. lib/sampling/reference-draw.ts is the specification
 * in JavaScript; lib/db/campaigns/sampling.db.test.ts checks that both draw the same items.
 * Column names come from the measure catalogue, never from input; values are bound parameters.
 */
import type { Db } from '../client';
import { Prisma } from '../generated/client';
import type { SamplePlan } from '@/lib/sampling/sample-plan';
import type { StratumCount } from '@/lib/sampling/reference-draw';
import { binEdges } from '@/lib/sampling/strata';
import { candidateCtes, chosenRows, groupRangesJson, stratumRangesJson, type SemSets } from './sample-candidates';
import { measuresUsedBy, semEnters } from '@/lib/sampling/definitions';

type Tx = Pick<Db, '$queryRaw'>;

export interface SampleOutcome {
  /** pairs that passed the filters */
  filtered: number;
  /** of those, the ones with the measure(s) stratified on */
  candidates: number;
  missingMeasure: number;
  items: number;
  /** stratified by a measure in equal-width bins over all corpora: the range and the bin edges */
  range: { min: number; max: number; edges: Array<[number, number]> } | null;
  /** drawn per corpus and stratified by a measure: each corpus's range (and equal-width edges) */
  ranges: Record<string, { min: number; max: number; edges: Array<[number, number]> }> | null;
  /** stratified by a measure: the values each stratum's candidates span */
  binRanges: Record<string, [number, number]> | null;
  /** per stratum (per corpus, for a random draw per corpus): candidates and drawn */
  strata: Record<string, StratumCount> | null;
  /** when sem entered the draw: per corpus slug, the candidates by the measures that formed their sem ("wms,st") */
  semCandidates: Record<string, Record<string, number>> | null;
}

interface OutcomeRow {
  filtered: number;
  candidates: number;
  items: number;
  ranges: Record<string, { lo: number | null; hi: number | null }> | null;
  binRanges: Record<string, { lo: number; hi: number }> | null;
  strata: Record<string, StratumCount> | null;
  semCandidates: Record<string, Record<string, number>> | null;
}

type Range = { min: number; max: number; edges: Array<[number, number]> };

/**
 * Draws the campaign's items (inside the caller's transaction) and reports how the draw went;
 * `semSets` recomputes sem from those measures per corpus (a sample drawn again as it was drawn).
 */
export async function drawCampaignItems(
  tx: Tx,
  campaignId: number,
  corpusIds: number[],
  plan: SamplePlan,
  semSets?: SemSets,
  /** tests only: how many of a stratum the cut is expected to keep (lib/db/campaigns/sample-candidates.ts chosenRows) */
  cutKeep?: number,
): Promise<SampleOutcome> {
  // which measures formed the candidates' sem, when sem entered the draw (lib/sampling/definitions.ts)
  const semCandidates = semEnters(measuresUsedBy(plan))
    ? Prisma.sql`(SELECT json_object_agg(x.corpus, x.parts) FROM (
         SELECT y.corpus, json_object_agg(y.parts, y.n) AS parts FROM (
           SELECT c."slug" AS corpus, COALESCE(array_to_string(p."semParts", ','), '') AS parts, count(*)::int AS n
           FROM base b JOIN "Pair" p ON p."id" = b."pairId" JOIN "Corpus" c ON c."id" = p."corpusId" GROUP BY 1, 2) y
         GROUP BY y.corpus) x)`
    : Prisma.sql`NULL::json`;
  const rows = await tx.$queryRaw<OutcomeRow[]>`
    WITH ${candidateCtes(corpusIds, plan, semSets)},
    chosen AS (${chosenRows(plan, cutKeep)}),
    ins AS (
      INSERT INTO "CampaignItem" ("campaignId", "pairId", "position", "stratum")
      SELECT ${campaignId}, "pairId", (row_number() OVER (ORDER BY k, "pairId"))::int, stratum FROM chosen
      RETURNING "stratum"
    ),
    drawn AS (SELECT stratum, count(*)::int AS n FROM ins GROUP BY stratum)
    SELECT (SELECT count(*) FROM base)::int AS filtered,
           (SELECT COALESCE(sum(n), 0) FROM stats)::int AS candidates,
           (SELECT count(*) FROM ins)::int AS items,
           ${groupRangesJson} AS ranges,
           ${stratumRangesJson} AS "binRanges",
           (SELECT json_object_agg(a.stratum, json_build_object('available', a.n, 'drawn', COALESCE(d.n, 0)) ORDER BY a.stratum)
              FROM stats a LEFT JOIN drawn d ON d.stratum = a.stratum WHERE a.stratum IS NOT NULL) AS strata,
           ${semCandidates} AS "semCandidates"`;
  const row = rows[0]!;
  const s = plan.stratify;
  const rangeOf = (r: { lo: number | null; hi: number | null } | undefined): Range | null =>
    s?.kind === 'measure' && s.binning === 'width' && r && r.lo !== null && r.hi !== null
      ? { min: r.lo, max: r.hi, edges: binEdges(r.lo, r.hi, s.bins) }
      : null;
  const ranges = row.ranges ?? {};
  return {
    filtered: row.filtered,
    candidates: row.candidates,
    missingMeasure: row.filtered - row.candidates,
    items: row.items,
    range: plan.perCorpus ? null : rangeOf(ranges['']),
    ranges:
      plan.perCorpus && s?.kind === 'measure'
        ? Object.fromEntries(
            Object.entries(ranges).map(([g, r]) => [g, { min: r.lo ?? 0, max: r.hi ?? 0, edges: rangeOf(r)?.edges ?? [] }]),
          )
        : null,
    binRanges:
      s?.kind === 'measure'
        ? Object.fromEntries(Object.entries(row.binRanges ?? {}).map(([k, r]) => [k, [r.lo, r.hi] as [number, number]]))
        : null,
    strata: s === null && !plan.perCorpus ? null : (row.strata ?? {}),
    semCandidates: row.semCandidates,
  };
}

/** Per corpus slug, the campaign's drawn (non-gold) pairs by the measures that formed their sem, as they are now. */
export async function countItemSemParts(
  tx: Pick<Db, '$queryRaw'>,
  campaignId: number,
): Promise<Record<string, Record<string, number>>> {
  const rows = await tx.$queryRaw<Array<{ corpus: string; parts: string; n: number }>>`
    SELECT c."slug" AS corpus, COALESCE(array_to_string(p."semParts", ','), '') AS parts, count(*)::int AS n
    FROM "CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId" JOIN "Corpus" c ON c."id" = p."corpusId"
    WHERE i."campaignId" = ${campaignId} AND NOT i."isGold" GROUP BY 1, 2`;
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) (out[r.corpus] ??= {})[r.parts] = r.n;
  return out;
}

/**
 * The campaign's corpora as they are now, for comparing with the definitions its sample recorded
 * (lib/sampling/definitions.ts): per corpus slug, its tokenizer and the drawn pairs by the measures
 * that form their sem today. A corpus that no longer exists is missing.
 */
export async function readTodayDefinitions(
  db: Pick<Db, '$queryRaw' | 'corpus'>,
  campaignId: number,
  slugs: readonly string[],
): Promise<Record<string, { tokenizer: string | null; semItems: Record<string, number> }>> {
  const [corpora, items] = await Promise.all([
    db.corpus.findMany({ where: { slug: { in: [...slugs] } }, select: { slug: true, measureTokenizer: true } }),
    countItemSemParts(db, campaignId),
  ]);
  return Object.fromEntries(corpora.map((c) => [c.slug, { tokenizer: c.measureTokenizer, semItems: items[c.slug] ?? {} }]));
}
