/**
 * A campaign's sample request, checked and normalised into a plan the draw follows (in SQL, and in
 * the JavaScript reference that tests compare it with): all candidate pairs, a random n, or k per
 * stratum (equal-width or equal-count bins of a measure, or the map's cells), over all the corpora
 * or per corpus (the EACL 2023 study drew 100 pairs from each dataset, stratified within
 * each); after filters on the texts' word lengths, the corpus tier, the caption type and measure
 * ranges. The seed is always recorded, so every draw can be repeated. Pure.
 */
import { isMeasureKey, type MeasureKey } from '@/lib/measures/catalog';
import { DEFAULT_BINS } from './strata';

export type Tier = 'GOLD' | 'SILVER' | 'BRONZE' | 'NONE';
export type TextType = 'CAPTION' | 'ALT_TEXT' | 'SENTENCE';

export interface SampleRequest {
  strategy: 'all' | 'random' | 'stratified';
  size?: number;
  perBin?: number;
  measure?: string;
  bins?: number;
  /** stratified by a measure: equal-width bins (default) or equal-count bins */
  binning?: 'width' | 'quantile';
  /** random and stratified: the quota (size, perBin) and the strata per corpus */
  perCorpus?: boolean;
  seed?: number | string;
  filters?: {
    length?: readonly [number, number];
    tier?: readonly string[];
    captionType?: readonly string[];
    measures?: Readonly<Record<string, readonly [number | null, number | null]>>;
  };
}

export interface SampleFilters {
  /** each text's word count within [min, max] */
  length: [number, number] | null;
  tiers: Tier[] | null;
  textTypes: TextType[] | null;
  /** the measure must be present and within the range (null = open) */
  measures: Array<{ measure: MeasureKey; min: number | null; max: number | null }>;
}

export type Binning = 'width' | 'quantile';
export type Stratification = { kind: 'measure'; measure: MeasureKey; bins: number; binning: Binning } | { kind: 'cell' };

export interface SamplePlan {
  strategy: 'all' | 'random' | 'stratified';
  /** random: how many */
  size: number | null;
  /** stratified: how many per stratum */
  perBin: number | null;
  stratify: Stratification | null;
  /** the quota and the strata are per corpus: each corpus's own range and bins, `size` / `perBin` from each */
  perCorpus: boolean;
  seed: string;
  filters: SampleFilters;
}

export type PlanResult = { ok: true; plan: SamplePlan } | { ok: false; fields: Record<string, string> };

/** A fresh seed for requests that give none (recorded, so the draw can still be repeated). */
export function randomSeed(random: () => number = Math.random): string {
  return String(Math.floor(random() * 2 ** 31));
}

function planFilters(filters: SampleRequest['filters'], fields: Record<string, string>): SampleFilters {
  const length = filters?.length ? ([filters.length[0], filters.length[1]] as [number, number]) : null;
  if (length && length[0] > length[1])
    fields['sample.filters.length'] = `the minimum (${length[0]}) is above the maximum (${length[1]})`;
  const measures: SampleFilters['measures'] = [];
  for (const [key, [min, max]] of Object.entries(filters?.measures ?? {})) {
    if (!isMeasureKey(key)) fields[`sample.filters.measures.${key}`] = 'is not a measure';
    else if (min !== null && max !== null && min > max)
      fields[`sample.filters.measures.${key}`] = `the minimum (${min}) is above the maximum (${max})`;
    else measures.push({ measure: key, min, max });
  }
  const upper = <T extends string>(values: readonly string[] | undefined) =>
    values && values.length > 0 ? ([...new Set(values.map((v) => v.toUpperCase()))].sort() as T[]) : null;
  return { length, tiers: upper<Tier>(filters?.tier), textTypes: upper<TextType>(filters?.captionType), measures };
}

function planStratification(request: SampleRequest, fields: Record<string, string>): Stratification | null {
  if (request.strategy !== 'stratified') return null;
  if (request.measure === undefined) {
    fields['sample.measure'] = 'a stratified sample needs a measure to bin (or "cell" for the characteristic map)';
    return null;
  }
  if (request.measure === 'cell') return { kind: 'cell' };
  if (!isMeasureKey(request.measure)) {
    fields['sample.measure'] = `is not a measure: ${request.measure}`;
    return null;
  }
  return { kind: 'measure', measure: request.measure, bins: request.bins ?? DEFAULT_BINS, binning: request.binning ?? 'width' };
}

/** Checks the request: what each strategy needs, ranges the right way round. */
export function planSample(request: SampleRequest, makeSeed: () => string = randomSeed): PlanResult {
  const fields: Record<string, string> = {};
  if (request.strategy === 'random' && request.size === undefined) fields['sample.size'] = 'a random sample needs a size';
  if (request.strategy === 'stratified' && request.perBin === undefined)
    fields['sample.perBin'] = 'a stratified sample needs perBin (pairs per stratum)';
  if (request.strategy !== 'random' && request.size !== undefined)
    fields['sample.size'] = `is only used by the random strategy, not "${request.strategy}"`;
  if (request.strategy !== 'stratified') {
    for (const key of ['perBin', 'measure', 'bins'] as const) {
      if (request[key] !== undefined)
        fields[`sample.${key}`] = `is only used by the stratified strategy, not "${request.strategy}"`;
    }
  }
  if (request.measure === 'cell' && request.bins !== undefined)
    fields['sample.bins'] = 'the characteristic map always has 5 × 5 cells';
  if (request.binning !== undefined && (request.strategy !== 'stratified' || request.measure === 'cell')) {
    fields['sample.binning'] = "is only used when stratifying by a measure (the map's cells are fixed)";
  }
  if (request.perCorpus && request.strategy === 'all')
    fields['sample.perCorpus'] = 'is only used by the random and stratified strategies ("all" takes every pair anyway)';
  const stratify = planStratification(request, fields);
  const filters = planFilters(request.filters, fields);
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    plan: {
      strategy: request.strategy,
      size: request.strategy === 'random' ? (request.size ?? null) : null,
      perBin: request.strategy === 'stratified' ? (request.perBin ?? null) : null,
      stratify,
      perCorpus: request.perCorpus === true && request.strategy !== 'all',
      seed: request.seed === undefined ? makeSeed() : String(request.seed),
      filters,
    },
  };
}
