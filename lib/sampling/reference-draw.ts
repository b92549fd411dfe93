/**
 * The draw of a campaign sample in plain JavaScript: the reference the SQL draw
 * (lib/db/campaigns/sampling.ts) is tested against, and the specification of what it does.
 * Every candidate gets an order key, md5(seed ":" pairId) as hex (PostgreSQL's md5() gives the same
 * string), and the draw takes candidates in key order: all of them, the first n, or the first k of
 * each stratum. Items are handed out in key order too, so strata interleave and any prefix of the
 * campaign is itself a seeded random sample. Pure.
 */
import { createHash } from 'node:crypto';
import type { MeasureKey } from '@/lib/measures/catalog';
import type { SampleFilters, SamplePlan, TextType, Tier } from './sample-plan';
import { binOf, cellStratum, measureStratum } from './strata';

export interface CandidatePair {
  pairId: number;
  /** the corpus's slug (the group of a draw per corpus) */
  corpus: string;
  tier: Tier;
  typeA: TextType;
  typeB: TextType;
  lengthA: number;
  lengthB: number;
  measures: Partial<Record<MeasureKey, number | null>>;
}

export interface StratumCount {
  /** candidates in the stratum (after the filters) */
  available: number;
  drawn: number;
}

export interface SampleDraw {
  /** in the order they are handed out (position 1, 2, ...) */
  items: Array<{ pairId: number; stratum: string | null }>;
  /** pairs that passed the filters (and, when stratifying, have the measure) */
  candidates: number;
  /** pairs that passed the filters but lack the measure(s) stratified on */
  missingMeasure: number;
  strata: Record<string, StratumCount> | null;
  /** stratified by a measure in equal-width bins, over all corpora: its range over the candidates, which the bins divide */
  range: { min: number; max: number } | null;
  /** stratified by a measure: the values each stratum's candidates span */
  binRanges: Record<string, [number, number]> | null;
}

export function sampleOrderKey(seed: string, pairId: number): string {
  return createHash('md5').update(`${seed}:${pairId}`).digest('hex');
}

export function passesFilters(pair: CandidatePair, filters: SampleFilters): boolean {
  const { length, tiers, textTypes, measures } = filters;
  if (
    length &&
    !(pair.lengthA >= length[0] && pair.lengthA <= length[1] && pair.lengthB >= length[0] && pair.lengthB <= length[1])
  )
    return false;
  if (tiers && !tiers.includes(pair.tier)) return false;
  if (textTypes && !(textTypes.includes(pair.typeA) && textTypes.includes(pair.typeB))) return false;
  return measures.every(({ measure, min, max }) => {
    const value = pair.measures[measure];
    return value !== null && value !== undefined && (min === null || value >= min) && (max === null || value <= max);
  });
}

const present = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * Equal-count bins: each value's bin among `bins` ntile groups of the values sorted by (value,
 * pairId), as PostgreSQL's ntile.
 */
function quantileBins(items: ReadonlyArray<{ value: number; pairId: number }>, bins: number): Map<number, number> {
  const sorted = [...items].sort((a, b) => a.value - b.value || a.pairId - b.pairId);
  const n = sorted.length;
  // ntile: the first n % bins groups get one row more
  const small = Math.floor(n / bins);
  const big = n % bins;
  const out = new Map<number, number>();
  sorted.forEach((item, i) => {
    const bin = i < big * (small + 1) ? Math.floor(i / (small + 1)) : big + Math.floor((i - big * (small + 1)) / small);
    out.set(item.pairId, bin);
  });
  return out;
}

/** Each candidate's stratum within its group (null when not stratifying); pairs without the measure are left out. */
function stratifyGroup(
  pairs: CandidatePair[],
  plan: SamplePlan,
): { strata: Array<string | null>; kept: CandidatePair[]; range: SampleDraw['range'] } {
  const s = plan.stratify;
  if (s === null) return { strata: pairs.map(() => null), kept: pairs, range: null };
  if (s.kind === 'cell') {
    const kept = pairs.filter((p) => present(p.measures.syn) && present(p.measures.sem));
    return { kept, strata: kept.map((p) => cellStratum(p.measures.syn!, p.measures.sem!)), range: null };
  }
  const kept = pairs.filter((p) => present(p.measures[s.measure]));
  if (kept.length === 0) return { kept, strata: [], range: null };
  const values = kept.map((p) => p.measures[s.measure]!);
  const range = { min: values.reduce((a, b) => Math.min(a, b)), max: values.reduce((a, b) => Math.max(a, b)) };
  if (s.binning === 'quantile') {
    const bins = quantileBins(
      kept.map((p, i) => ({ value: values[i]!, pairId: p.pairId })),
      s.bins,
    );
    return { kept, strata: kept.map((p) => measureStratum(s.measure, bins.get(p.pairId)!)), range: null };
  }
  return { kept, strata: values.map((v) => measureStratum(s.measure, binOf(v, range.min, range.max, s.bins))), range };
}

/** Per corpus (a draw per corpus) or all together: the strata, prefixed "slug/" per corpus. */
function stratify(
  pairs: CandidatePair[],
  plan: SamplePlan,
): { strata: Array<string | null>; kept: CandidatePair[]; range: SampleDraw['range'] } {
  if (!plan.perCorpus) return stratifyGroup(pairs, plan);
  const kept: CandidatePair[] = [];
  const strata: Array<string | null> = [];
  for (const corpus of [...new Set(pairs.map((p) => p.corpus))]) {
    const group = stratifyGroup(
      pairs.filter((p) => p.corpus === corpus),
      plan,
    );
    kept.push(...group.kept);
    strata.push(...group.strata.map((st) => (st === null ? corpus : `${corpus}/${st}`)));
  }
  return { kept, strata, range: null };
}

export function drawSampleReference(pairs: readonly CandidatePair[], plan: SamplePlan): SampleDraw {
  const filtered = pairs.filter((p) => passesFilters(p, plan.filters));
  const { kept, strata, range } = stratify(filtered, plan);
  const ordered = kept
    .map((p, i) => ({ pairId: p.pairId, corpus: p.corpus, stratum: strata[i] ?? null, key: sampleOrderKey(plan.seed, p.pairId) }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.pairId - y.pairId));
  const firstOf = (limit: number, groupOf: (c: (typeof ordered)[number]) => string | null) => {
    const taken = new Map<string | null, number>();
    return ordered.filter((c) => {
      const n = taken.get(groupOf(c)) ?? 0;
      taken.set(groupOf(c), n + 1);
      return n < limit;
    });
  };
  let chosen = ordered;
  if (plan.strategy === 'random')
    chosen = plan.perCorpus ? firstOf(plan.size ?? 0, (c) => c.corpus) : ordered.slice(0, plan.size ?? 0);
  if (plan.strategy === 'stratified') chosen = firstOf(plan.perBin ?? 0, (c) => c.stratum);
  let counts: Record<string, StratumCount> | null = null;
  if (plan.stratify || plan.perCorpus) {
    counts = {};
    for (const c of ordered) (counts[c.stratum!] ??= { available: 0, drawn: 0 }).available += 1;
    for (const c of chosen) counts[c.stratum!]!.drawn += 1;
  }
  let binRanges: SampleDraw['binRanges'] = null;
  const s = plan.stratify;
  if (s?.kind === 'measure') {
    binRanges = {};
    kept.forEach((p, i) => {
      const v = p.measures[s.measure]!;
      const st = strata[i]!;
      const r = binRanges![st];
      binRanges![st] = r ? [Math.min(r[0], v), Math.max(r[1], v)] : [v, v];
    });
  }
  return {
    items: chosen.map(({ pairId, stratum }) => ({ pairId, stratum })),
    candidates: kept.length,
    missingMeasure: filtered.length - kept.length,
    strata: counts,
    range,
    binRanges,
  };
}
