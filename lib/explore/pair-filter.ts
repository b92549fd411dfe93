/**
 * The filter of a view of pairs: what the explorer shows, what `GET /api/v1/pairs` answers and what an
 * export writes are the same PairFilter, parsed from the same URL parameters (docs/api.md#pairs,
 * docs/explorer.md). The URL is the explorer's state: `pairFilterToParams(parsePairFilter(p))`
 * gives the canonical form of `p`. Pure: lib/db/pairs/pair-query.ts turns a filter into SQL.
 *
 * Parameters: corpus=SLUG[,SLUG] · q=TEXT (substring of either text; plain text, no patterns) ·
 * min.KEY / max.KEY for every catalogue measure, `length` (both texts' word counts in range) and
 * `u.NAME`, a user measure of the corpora (lib/measures/user-measures.ts) ·
 * tier=GOLD[,SILVER…] · type=CAPTION|ALT_TEXT|SENTENCE[,…] (either text) · campaign=SLUG (its items) ·
 * state=unannotated|annotated|adjudicated (in the campaign when one is given) · final.QUESTION=V[,V]
 * (final labels; relation=R is short for final.relation=R) · label=L[,L] (the source corpus's label) ·
 * cell=SYN,SEM (characteristic-map cell, bins 0-4 as lib/sampling/strata.ts) · sort=[-]KEY|u.NAME|id ·
 * limit=1..1000 (100) · cursor=C (from the previous page's nextCursor). A list parameter may also
 * repeat (corpus=a&corpus=b, as HTML forms send it).
 */
import { INT4_MAX } from '@/lib/api/db-numbers';
import { isMeasureKey, measureCatalog, type MeasureKey } from '@/lib/measures/catalog';
import { isUserMeasureKey, type UserMeasureKey } from '@/lib/measures/user-measures';
import { MAP_BINS } from '@/lib/sampling/strata';
import { decodePairCursor, encodePairCursor, type PairCursor } from './pair-cursor';

export const TIERS = ['GOLD', 'SILVER', 'BRONZE', 'NONE'] as const;
export const TEXT_TYPES = ['CAPTION', 'ALT_TEXT', 'SENTENCE'] as const;
export const ANNOTATION_STATES = ['unannotated', 'annotated', 'adjudicated'] as const;
export type Tier = (typeof TIERS)[number];
export type TextTypeName = (typeof TEXT_TYPES)[number];
export type AnnotationState = (typeof ANNOTATION_STATES)[number];

/** A range filter: a catalogue measure, a user measure (`u.NAME`), or `length` (the word counts of both texts). */
export type RangeKey = MeasureKey | UserMeasureKey | 'length';
export type SortKey = MeasureKey | UserMeasureKey | 'id';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
export const MAX_QUERY_LENGTH = 200;

export interface RangeFilter {
  key: RangeKey;
  min: number | null;
  max: number | null;
}

export interface FinalLabelFilter {
  question: string;
  values: string[];
}

export interface PairFilter {
  /** corpus slugs; empty = every corpus */
  corpora: string[];
  q: string | null;
  /** at most one per key, in catalogue order, then user measures by name, length last */
  ranges: RangeFilter[];
  tiers: Tier[];
  types: TextTypeName[];
  campaign: string | null;
  state: AnnotationState | null;
  finals: FinalLabelFilter[];
  labels: string[];
  cell: { syn: number; sem: number } | null;
  sort: { key: SortKey; desc: boolean };
  limit: number;
  cursor: PairCursor | null;
}

export type { PairCursor };

export type PairFilterResult = { ok: true; filter: PairFilter } | { ok: false; errors: Record<string, string> };

/** The parameters a PairFilter reads (besides min.*, max.*, final.*). */
export const PAIR_FILTER_PARAMS = [
  'corpus',
  'q',
  'tier',
  'type',
  'campaign',
  'state',
  'final',
  'relation',
  'label',
  'cell',
  'sort',
  'limit',
  'cursor',
] as const;

const QUESTION_KEY = /^[A-Za-z][\w-]{0,63}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export function emptyPairFilter(): PairFilter {
  return {
    corpora: [],
    q: null,
    ranges: [],
    tiers: [],
    types: [],
    campaign: null,
    state: null,
    finals: [],
    labels: [],
    cell: null,
    sort: { key: 'id', desc: false },
    limit: DEFAULT_LIMIT,
    cursor: null,
  };
}

const rangeOrder = (key: RangeKey) =>
  key === 'length'
    ? Number.MAX_SAFE_INTEGER
    : isUserMeasureKey(key)
      ? Object.keys(measureCatalog).length
      : Object.keys(measureCatalog).indexOf(key);

function list(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.length > 0),
    ),
  ];
}

function enumList<T extends string>(value: string, allowed: readonly T[], name: string, errors: Record<string, string>): T[] {
  const values = list(value);
  const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
  if (bad.length > 0 || values.length === 0) errors[name] = `must be ${allowed.join(', ')} (comma-separated); got "${value}"`;
  return values.filter((v): v is T => (allowed as readonly string[]).includes(v));
}

function parseNumber(value: string): number | null {
  if (!/^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(value.trim())) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function parseRange(name: string, value: string, ranges: Map<RangeKey, RangeFilter>, errors: Record<string, string>) {
  const [bound, key] = [name.slice(0, 3) as 'min' | 'max', name.slice(4)];
  if (key !== 'length' && !isMeasureKey(key) && !isUserMeasureKey(key)) {
    errors[name] =
      `unknown measure "${key}" (measures: ${Object.keys(measureCatalog).join(', ')}, u.NAME for a measure of your own, or length)`;
    return;
  }
  const n = parseNumber(value);
  if (n === null) {
    errors[name] = `must be a number; got "${value}"`;
    return;
  }
  if (key === 'length' && Math.abs(n) > INT4_MAX) {
    errors[name] = `must be a word count up to ${INT4_MAX}; got "${value}"`; // the length columns are int4
    return;
  }
  const range = ranges.get(key) ?? { key, min: null, max: null };
  range[bound] = n;
  ranges.set(key, range);
}

function parseCell(value: string, errors: Record<string, string>): PairFilter['cell'] {
  const match = /^(\d+),(\d+)$/.exec(value.trim());
  const syn = Number(match?.[1]);
  const sem = Number(match?.[2]);
  if (!match || syn >= MAP_BINS || sem >= MAP_BINS) {
    errors.cell = `must be SYN,SEM with bins 0-${MAP_BINS - 1} (e.g. 3,4); got "${value}"`;
    return null;
  }
  return { syn, sem };
}

function parseSort(value: string, errors: Record<string, string>): PairFilter['sort'] {
  const desc = value.startsWith('-');
  const key = desc ? value.slice(1) : value;
  if (key !== 'id' && !isMeasureKey(key) && !isUserMeasureKey(key)) {
    errors.sort = `unknown sort "${key}": use id, a measure or u.NAME (a measure of your own), with - for descending`;
    return { key: 'id', desc: false };
  }
  return { key, desc };
}

function parseLimit(value: string, errors: Record<string, string>): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_LIMIT) {
    errors.limit = `must be a whole number from 1 to ${MAX_LIMIT}; got "${value}"`;
    return DEFAULT_LIMIT;
  }
  return n;
}

type Parser = (value: string, f: PairFilter, errors: Record<string, string>) => void;

const parsers: Record<string, Parser> = {
  corpus: (v, f, e) => {
    const slugs = list(v);
    if (slugs.some((s) => !SLUG.test(s)) || slugs.length === 0) e.corpus = `must be corpus slugs, comma-separated; got "${v}"`;
    f.corpora = [...new Set([...f.corpora, ...slugs])];
  },
  q: (v, f, e) => {
    const q = v.trim();
    if (q.length > MAX_QUERY_LENGTH) e.q = `at most ${MAX_QUERY_LENGTH} characters`;
    f.q = q.length > 0 ? q : null;
  },
  tier: (v, f, e) => (f.tiers = [...new Set([...f.tiers, ...enumList(v, TIERS, 'tier', e)])]),
  type: (v, f, e) => (f.types = [...new Set([...f.types, ...enumList(v, TEXT_TYPES, 'type', e)])]),
  campaign: (v, f, e) => {
    if (!SLUG.test(v)) e.campaign = `must be a campaign slug; got "${v}"`;
    f.campaign = v;
  },
  state: (v, f, e) => (f.state = enumList(v, ANNOTATION_STATES, 'state', e)[0] ?? null),
  relation: (v, f) => addFinal(f, 'relation', list(v)),
  label: (v, f) => (f.labels = [...new Set([...f.labels, ...list(v)])]),
  cell: (v, f, e) => (f.cell = parseCell(v, e)),
  sort: (v, f, e) => (f.sort = parseSort(v, e)),
  limit: (v, f, e) => (f.limit = parseLimit(v, e)),
  cursor: () => undefined, // read after sort (it must belong to the same sort)
};

function addFinal(f: PairFilter, question: string, values: string[]) {
  const existing = f.finals.find((x) => x.question === question);
  if (existing) existing.values = [...new Set([...existing.values, ...values])];
  else f.finals.push({ question, values });
}

/**
 * Parses the filter parameters of `params`; other parameters are left alone (the explorer keeps its
 * column choice and density in the same URL; the API refuses unknown ones itself). Errors are by
 * parameter name and say what is wrong (400 material).
 */
export function parsePairFilter(params: URLSearchParams): PairFilterResult {
  const filter = emptyPairFilter();
  const errors: Record<string, string> = {};
  const ranges = new Map<RangeKey, RangeFilter>();
  for (const [name, value] of params) {
    if (name.startsWith('min.') || name.startsWith('max.')) parseRange(name, value, ranges, errors);
    else if (name.startsWith('final.')) {
      const question = name.slice(6);
      if (!QUESTION_KEY.test(question)) errors[name] = `"${question}" is not a question key`;
      else if (list(value).length === 0) errors[name] = 'needs at least one value';
      else addFinal(filter, question, list(value));
    } else parsers[name]?.(value, filter, errors);
  }
  for (const range of ranges.values()) {
    if (range.min !== null && range.max !== null && range.min > range.max)
      errors[`min.${range.key}`] = `min.${range.key} (${range.min}) is above max.${range.key} (${range.max})`;
  }
  filter.ranges = [...ranges.values()].sort((a, b) => rangeOrder(a.key) - rangeOrder(b.key) || a.key.localeCompare(b.key));
  filter.finals.sort((a, b) => a.question.localeCompare(b.question));
  const cursor = params.get('cursor');
  if (cursor !== null && cursor !== '') {
    const decoded = decodePairCursor(cursor);
    if (!decoded) errors.cursor = 'is not a cursor from this API (take nextCursor from the previous page)';
    else if (decoded.key !== filter.sort.key || decoded.desc !== filter.sort.desc)
      errors.cursor = `belongs to another sort (${decoded.desc ? '-' : ''}${decoded.key})`;
    else filter.cursor = decoded;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, filter };
}

/** The canonical query parameters of a filter (parameters in a fixed order; defaults left out). */
export function pairFilterToParams(filter: PairFilter, options: { cursor?: boolean; limit?: boolean } = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (filter.corpora.length > 0) p.set('corpus', filter.corpora.join(','));
  if (filter.q) p.set('q', filter.q);
  for (const r of filter.ranges) {
    if (r.min !== null) p.set(`min.${r.key}`, String(r.min));
    if (r.max !== null) p.set(`max.${r.key}`, String(r.max));
  }
  if (filter.tiers.length > 0) p.set('tier', filter.tiers.join(','));
  if (filter.types.length > 0) p.set('type', filter.types.join(','));
  if (filter.campaign) p.set('campaign', filter.campaign);
  if (filter.state) p.set('state', filter.state);
  for (const f of filter.finals) p.set(`final.${f.question}`, f.values.join(','));
  if (filter.labels.length > 0) p.set('label', filter.labels.join(','));
  if (filter.cell) p.set('cell', `${filter.cell.syn},${filter.cell.sem}`);
  if (filter.sort.key !== 'id' || filter.sort.desc) p.set('sort', `${filter.sort.desc ? '-' : ''}${filter.sort.key}`);
  if ((options.limit ?? true) && filter.limit !== DEFAULT_LIMIT) p.set('limit', String(filter.limit));
  if ((options.cursor ?? true) && filter.cursor) p.set('cursor', encodePairCursor(filter.cursor));
  return p;
}

/** Parameter names a filter does not read (for the API's "unknown parameter" 400s). */
export function unknownFilterParams(params: URLSearchParams, alsoAllowed: readonly string[] = []): string[] {
  const known = new Set<string>([...PAIR_FILTER_PARAMS, ...alsoAllowed]);
  return [...new Set(params.keys())].filter((n) => !known.has(n) && !/^(min|max|final)\./.test(n));
}
