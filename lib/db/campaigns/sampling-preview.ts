/**
 * The sample preview of the new-campaign form: how many pairs pass the filters, how many have the
 * measure to stratify by, and per stratum how many candidates there are and how many the draw would
 * take, without drawing or writing anything. Counts do not depend on the seed. The candidates and
 * strata come from the draw's own SQL (lib/db/campaigns/sample-candidates.ts);
 * lib/db/campaigns/sampling-preview.db.test.ts checks that the preview and a real draw agree on every count.
 */
import type { Db } from '../client';
import type { SamplePlan } from '@/lib/sampling/sample-plan';
import { binEdges } from '@/lib/sampling/strata';
import { candidateCtes, groupRangesJson, stratumRangesJson } from './sample-candidates';
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
  /** per stratum (per corpus too, when drawing per corpus) */
  strata: StratumPreview[] | null;
  /** the strata with fewer candidates than the quota: they give all they have */
  short: string[];
}

interface Row {
  filtered: number;
  candidates: number;
  ranges: Record<string, { lo: number | null; hi: number | null }> | null;
  binRanges: Record<string, { lo: number; hi: number }> | null;
  strata: Record<string, number> | null;
  groups: Record<string, number> | null;
}

/** Counts what `plan` would draw from the corpora (the draw's own candidate SQL, nothing written). */
export async function countSamplePreview(db: Db, corpusIds: number[], plan: SamplePlan): Promise<SamplePreviewCounts> {
  const rows = await db.$queryRaw<Row[]>`
    WITH ${candidateCtes(corpusIds, plan)}
    SELECT (SELECT count(*) FROM base)::int AS filtered,
           (SELECT COALESCE(sum(n), 0) FROM stats)::int AS candidates,
           ${groupRangesJson} AS ranges,
           ${stratumRangesJson} AS "binRanges",
           (SELECT json_object_agg(c.stratum, c.n) FROM stats c WHERE c.stratum IS NOT NULL) AS strata,
           (SELECT json_object_agg(g.g, g.n) FROM (SELECT g, count(*)::int AS n FROM cand GROUP BY g) g) AS groups`;
  const row = rows[0]!;
  const s = plan.stratify;
  const whole = row.ranges?.[''];
  const range =
    s?.kind === 'measure' && !plan.perCorpus && whole && whole.lo !== null && whole.hi !== null
      ? { min: whole.lo, max: whole.hi }
      : null;
  const edges = range && s?.kind === 'measure' && s.binning === 'width' ? binEdges(range.min, range.max, s.bins) : null;
  const quota = plan.strategy === 'random' ? (plan.size ?? 0) : (plan.perBin ?? 0);
  const strata =
    s === null && !plan.perCorpus
      ? null
      : sortStrata(Object.entries(row.strata ?? {})).map(([stratum, available]) => {
          // equal-width bins over all corpora: the bin's edges; otherwise the values its candidates span
          const edge = edges
            ? edges[Number(stratum.slice(stratum.lastIndexOf(':') + 1))]
            : row.binRanges?.[stratum]
              ? [row.binRanges[stratum].lo, row.binRanges[stratum].hi]
              : undefined;
          return {
            stratum,
            label: stratumLabel(stratum, s?.kind === 'measure' ? s.bins : undefined),
            lo: edge?.[0] ?? null,
            hi: edge?.[1] ?? null,
            available,
            drawn: Math.min(available, quota),
          };
        });
  const items =
    plan.strategy === 'all'
      ? row.candidates
      : plan.strategy === 'random' && !plan.perCorpus
        ? Math.min(plan.size ?? 0, row.candidates)
        : (strata ?? []).reduce((n, st) => n + st.drawn, 0);
  const short = (strata ?? []).filter((st) => st.available < quota).map((st) => st.stratum);
  return {
    filtered: row.filtered,
    candidates: row.candidates,
    missingMeasure: row.filtered - row.candidates,
    items,
    range,
    strata,
    short,
  };
}

/** The corpora of a preview or campaign by slug, and the slugs that name none. */
export async function findCorporaBySlug(db: Db, slugs: readonly string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const corpora = await db.corpus.findMany({ where: { slug: { in: [...slugs] } }, select: { id: true, slug: true } });
  return { ids: corpora.map((c) => c.id), unknown: [...new Set(slugs)].filter((s) => !corpora.some((c) => c.slug === s)) };
}
