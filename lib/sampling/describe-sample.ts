/**
 * How a campaign's items were drawn, in words for researchers: reads the record the draw stores
 * on the campaign (lib/db/campaigns/sampling.ts: the plan, the seed and the counts per stratum) defensively,
 * names strata ("delta:2" → "Δsem,syn bin 3 of 5", "cell:3,4" → "syn 3 · sem 4"), and lists them in
 * natural order with their bin edges. Pure.
 */
import { isMeasureKey, measureCatalog } from '@/lib/measures/catalog';

export interface StratumCount {
  available: number;
  drawn: number;
}

export interface SamplingRecord {
  strategy: 'all' | 'random' | 'stratified' | null;
  size: number | null;
  perBin: number | null;
  stratify: { kind: 'measure'; measure: string; bins: number; binning: 'width' | 'quantile' } | { kind: 'cell' } | null;
  /** drawn per corpus: strata are "slug/…" */
  perCorpus: boolean;
  seed: string | null;
  corpora: string[];
  filters: {
    length: [number, number] | null;
    tiers: string[] | null;
    textTypes: string[] | null;
    measures: Array<{ measure: string; min: number | null; max: number | null }>;
  };
  filtered: number | null;
  candidates: number | null;
  items: number | null;
  range: { min: number; max: number; edges: Array<[number, number]> } | null;
  /** stratified by a measure: the values each stratum's candidates span */
  binRanges: Record<string, [number, number]> | null;
  strata: Record<string, StratumCount> | null;
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strs = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);

function readStratify(v: unknown): SamplingRecord['stratify'] {
  const s = obj(v);
  if (s.kind === 'cell') return { kind: 'cell' };
  if (s.kind === 'measure' && typeof s.measure === 'string')
    return {
      kind: 'measure',
      measure: s.measure,
      bins: num(s.bins) ?? 5,
      binning: s.binning === 'quantile' ? 'quantile' : 'width',
    };
  return null;
}

function readStrata(v: unknown): SamplingRecord['strata'] {
  if (typeof v !== 'object' || v === null) return null;
  return Object.fromEntries(
    Object.entries(obj(v)).map(([k, c]) => [k, { available: num(obj(c).available) ?? 0, drawn: num(obj(c).drawn) ?? 0 }]),
  );
}

function readBinRanges(v: unknown): SamplingRecord['binRanges'] {
  if (typeof v !== 'object' || v === null) return null;
  const out: Record<string, [number, number]> = {};
  for (const [k, r] of Object.entries(obj(v)))
    if (Array.isArray(r) && r.length === 2 && num(r[0]) !== null && num(r[1]) !== null) out[k] = [r[0] as number, r[1] as number];
  return out;
}

export function readSamplingRecord(value: unknown): SamplingRecord {
  const r = obj(value);
  const f = obj(r.filters);
  const length = Array.isArray(f.length) && f.length.length === 2 ? (f.length.map((x) => num(x) ?? 0) as [number, number]) : null;
  const range = obj(r.range);
  const edges = Array.isArray(range.edges)
    ? range.edges
        .filter((e): e is [number, number] => Array.isArray(e) && e.length === 2)
        .map((e) => [Number(e[0]), Number(e[1])] as [number, number])
    : [];
  return {
    strategy: r.strategy === 'all' || r.strategy === 'random' || r.strategy === 'stratified' ? r.strategy : null,
    size: num(r.size),
    perBin: num(r.perBin),
    stratify: readStratify(r.stratify),
    perCorpus: r.perCorpus === true,
    seed: typeof r.seed === 'string' || typeof r.seed === 'number' ? String(r.seed) : null,
    corpora: strs(r.corpora) ?? [],
    filters: {
      length,
      tiers: strs(f.tiers),
      textTypes: strs(f.textTypes),
      measures: Array.isArray(f.measures)
        ? f.measures
            .map(obj)
            .filter((m) => typeof m.measure === 'string')
            .map((m) => ({ measure: m.measure as string, min: num(m.min), max: num(m.max) }))
        : [],
    },
    filtered: num(r.filtered),
    candidates: num(r.candidates),
    items: num(r.items),
    range: num(range.min) !== null && num(range.max) !== null ? { min: num(range.min)!, max: num(range.max)!, edges } : null,
    binRanges: readBinRanges(r.binRanges),
    strata: readStrata(r.strata),
  };
}

export const measureName = (key: string) => (isMeasureKey(key) ? measureCatalog[key].label : key);

/** "delta:2" → "Δsem,syn bin 3 of 5"; "cell:3,4" → "syn 3 · sem 4" (bins count from 0 in the label, from 1 here). */
export function stratumLabel(stratum: string, bins?: number): string {
  const slash = stratum.indexOf('/');
  if (slash >= 0) return `${stratum.slice(0, slash)} · ${stratumLabel(stratum.slice(slash + 1), bins)}`;
  const cell = /^cell:(\d+),(\d+)$/.exec(stratum);
  if (cell) return `syn ${cell[1]} · sem ${cell[2]}`;
  const bin = /^(.+):(\d+)$/.exec(stratum);
  if (bin) return `${measureName(bin[1]!)} bin ${Number(bin[2]) + 1}${bins ? ` of ${bins}` : ''}`;
  return stratum;
}

/** The bin edges of a measure stratum, when the record has them. */
export function stratumEdges(
  stratum: string,
  record: Pick<SamplingRecord, 'range' | 'binRanges' | 'perCorpus'> & { stratify?: SamplingRecord['stratify'] },
): [number, number] | null {
  // per corpus or equal-count bins: the values the stratum's candidates span
  if (record.perCorpus || (record.stratify?.kind === 'measure' && record.stratify.binning === 'quantile'))
    return record.binRanges?.[stratum] ?? null;
  const bin = /:(\d+)$/.exec(stratum);
  if (!bin || stratum.startsWith('cell:')) return null;
  return record.range?.edges[Number(bin[1])] ?? null;
}

export function sortStrata<T>(entries: ReadonlyArray<[string, T]>): Array<[string, T]> {
  return [...entries].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
}

const fmt = (n: number) => n.toLocaleString('en');

/**
 * One sentence per aspect: strategy and strata, seed, filters, outcome. `reproducible` says whether
 * the seed still draws the same pairs: yes (the values the sample was drawn on are today's), changed
 * (they differ: lib/sampling/definitions.ts), unknown (drawn before their definitions were recorded).
 */
export function describeSample(record: SamplingRecord, reproducible: 'yes' | 'changed' | 'unknown' = 'yes'): string[] {
  const lines: string[] = [];
  const s = record.stratify;
  if (record.strategy === 'all') lines.push('All pairs that pass the filters.');
  if (record.strategy === 'random') lines.push(`A random sample of ${fmt(record.size ?? 0)} pairs.`);
  if (record.strategy === 'stratified' && s?.kind === 'cell')
    lines.push(
      `Stratified by characteristic-map cell (syn × sem, 5 × 5 equal bins on [0, 1]): up to ${fmt(record.perBin ?? 0)} pairs per cell.`,
    );
  if (record.strategy === 'stratified' && s?.kind === 'measure') {
    const range = record.range ? ` over [${record.range.min.toFixed(3)}, ${record.range.max.toFixed(3)}]` : '';
    const kind = s.binning === 'quantile' ? 'equal-count bins (quantiles)' : 'equal-width bins';
    const over = record.perCorpus ? ` computed on each corpus's own candidates` : range;
    lines.push(
      `Stratified by ${measureName(s.measure)}: ${s.bins} ${kind}${over}, up to ${fmt(record.perBin ?? 0)} pairs per bin${record.perCorpus ? ' from each corpus' : ''}.`,
    );
  }
  if (record.perCorpus && record.strategy === 'random')
    lines[lines.length - 1] = `A random sample of ${fmt(record.size ?? 0)} pairs from each corpus.`;
  if (record.perCorpus && record.strategy === 'stratified' && s?.kind === 'cell') lines[lines.length - 1] += ' Per corpus.';
  if (record.seed !== null)
    lines.push(
      reproducible === 'changed'
        ? `Seed ${record.seed}. The same request with this seed would not draw the same pairs today: values the sample was drawn on have changed (see below).`
        : reproducible === 'unknown'
          ? `Seed ${record.seed} (the same request with this seed draws the same pairs while the measures' values stay as they were; this sample predates the record of their definitions).`
          : `Seed ${record.seed} (the same request with this seed draws the same pairs in the same order).`,
    );
  const f = record.filters;
  const filters = [
    f.length ? `each text ${f.length[0]}-${f.length[1]} words` : null,
    f.tiers ? `tier ${f.tiers.map((t) => t.toLowerCase()).join(' or ')}` : null,
    f.textTypes ? `text type ${f.textTypes.map((t) => t.toLowerCase().replace('_', ' ')).join(' or ')}` : null,
    ...f.measures.map(
      (m) =>
        `${measureName(m.measure)} ${m.min === null ? '' : `≥ ${m.min}`}${m.min !== null && m.max !== null ? ' and ' : ''}${m.max === null ? '' : `≤ ${m.max}`}`,
    ),
  ].filter(Boolean);
  lines.push(filters.length > 0 ? `Filters: ${filters.join('; ')}.` : 'No filters.');
  if (record.filtered !== null && record.items !== null) {
    const missing =
      record.candidates !== null && record.candidates < record.filtered
        ? ` (${fmt(record.filtered - record.candidates)} without the measure)`
        : '';
    lines.push(`${fmt(record.filtered)} pairs passed the filters${missing}; ${fmt(record.items)} were drawn.`);
  }
  return lines;
}
