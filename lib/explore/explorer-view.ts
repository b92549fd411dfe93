/**
 * The explorer's own URL state beside the filter (lib/explore/pair-filter.ts): which columns show
 * (`cols`), their widths (`widths=col:px,…`), row density, the direction of the page (`dir=prev`:
 * the page before the cursor) and the position of its first row (`from`, for "rows 101-200 of N").
 * Everything lives in the URL so a view can be bookmarked and shared. Pure.
 */
import { measureList } from '@/lib/measures/catalog';
import { isUserMeasureKey, userMeasureKey } from '@/lib/measures/user-measures';

export interface ExplorerColumn {
  id: string;
  label: string;
  numeric: boolean;
  /** shown on hover (measures: the catalogue's definition) */
  description: string;
  /** a measure column, sortable on the server */
  sortable: boolean;
  defaultWidth: number;
}

const measureColumn = (m: (typeof measureList)[number]): ExplorerColumn => ({
  id: m.key,
  label: m.label,
  numeric: true,
  description: m.description,
  sortable: true,
  defaultWidth: 80,
});
/** The measures a researcher reads first, right after the texts (the EACL paper's axes). */
const KEY_MEASURES: readonly string[] = ['sem', 'syn', 'delta'];

/**
 * In table order: the id and the texts (kept in view while the rest scrolls sideways, STICKY_COLUMNS),
 * the key measures, then the rest, so that the default view shows sem, syn and Δsem,syn at 1280 px.
 */
export const explorerColumns: readonly ExplorerColumn[] = [
  { id: 'id', label: 'Id', numeric: true, description: 'pair id (open the pair)', sortable: true, defaultWidth: 72 },
  { id: 'a', label: 'Text A', numeric: false, description: 'first text, stored order', sortable: false, defaultWidth: 280 },
  { id: 'b', label: 'Text B', numeric: false, description: 'second text, stored order', sortable: false, defaultWidth: 280 },
  ...KEY_MEASURES.map((key) => measureColumn(measureList.find((m) => m.key === key)!)),
  { id: 'corpus', label: 'Corpus', numeric: false, description: 'corpus slug', sortable: false, defaultWidth: 130 },
  {
    id: 'referenceLabel',
    label: 'Label',
    numeric: false,
    description: "the source corpus's own label (or score)",
    sortable: false,
    defaultWidth: 90,
  },
  { id: 'length', label: 'Words', numeric: true, description: 'word counts of the two texts', sortable: false, defaultWidth: 80 },
  ...measureList.filter((m) => !KEY_MEASURES.includes(m.key)).map(measureColumn),
];

/** Columns that stay in view while the table scrolls sideways (on screens wider than a phone). */
export const STICKY_COLUMNS: readonly string[] = ['id', 'a', 'b'];

/**
 * The column of a user measure (`u.NAME`): offered when the view shows one corpus that has it, and
 * shown by default then (lib/db/corpora/user-measures.ts).
 */
export function userMeasureColumn(name: string, description: string | null): ExplorerColumn {
  return {
    id: userMeasureKey(name),
    label: name,
    numeric: true,
    description: description ?? `${name}: a measure of your own (import-scores)`,
    sortable: true,
    defaultWidth: 96,
  };
}

export const DEFAULT_COLUMNS = ['id', 'a', 'b', 'sem', 'syn', 'delta', 'corpus', 'referenceLabel', 'bleu'] as const;
export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

export interface ExplorerView {
  columns: string[];
  widths: Record<string, number>;
  density: Density;
  backward: boolean;
  from: number;
}

/** The parameters this module owns (the rest are the filter's). */
export const VIEW_PARAMS = ['cols', 'widths', 'density', 'dir', 'from'] as const;

const builtIn = new Set(explorerColumns.map((c) => c.id));
const known = { has: (id: string) => builtIn.has(id) || isUserMeasureKey(id) };

export function parseExplorerView(params: URLSearchParams): ExplorerView {
  const cols = (params.get('cols') ?? '').split(',').filter((c) => known.has(c));
  const widths: Record<string, number> = {};
  for (const part of (params.get('widths') ?? '').split(',')) {
    const [id, px] = part.split(':');
    const n = Number(px);
    if (id && known.has(id) && Number.isInteger(n) && n >= 40 && n <= 1200) widths[id] = n;
  }
  const from = Number(params.get('from'));
  return {
    columns: cols.length > 0 ? [...new Set(cols)] : [...DEFAULT_COLUMNS],
    widths,
    density: params.get('density') === 'compact' ? 'compact' : 'comfortable',
    backward: params.get('dir') === 'prev',
    from: Number.isInteger(from) && from >= 1 ? from : 1,
  };
}

/** Writes the view into `params` (defaults left out). */
export function writeExplorerView(
  params: URLSearchParams,
  view: Omit<ExplorerView, 'backward' | 'from'> & Partial<Pick<ExplorerView, 'backward' | 'from'>>,
): URLSearchParams {
  for (const p of VIEW_PARAMS) params.delete(p);
  const isDefault = view.columns.length === DEFAULT_COLUMNS.length && view.columns.every((c, i) => c === DEFAULT_COLUMNS[i]);
  if (!isDefault) params.set('cols', view.columns.join(','));
  const widths = Object.entries(view.widths).map(([id, px]) => `${id}:${Math.round(px)}`);
  if (widths.length > 0) params.set('widths', widths.join(','));
  if (view.density !== 'comfortable') params.set('density', view.density);
  if (view.backward) params.set('dir', 'prev');
  if (view.from && view.from > 1) params.set('from', String(view.from));
  return params;
}

/** Only the filter part of the params (links to pair pages and to exports carry the view's filter, not its layout). */
export function filterPartOf(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const p of VIEW_PARAMS) out.delete(p);
  return out;
}

const LAYOUT_PARAMS = ['cols', 'widths', 'density'] as const;

/**
 * `href` (an /explore URL) with the layout (columns, widths, density) of `current`: links rendered
 * before a layout change keep the change.
 */
export function withLayoutOf(href: string, current: URLSearchParams): string {
  const [path, query = ''] = href.split('?', 2);
  const params = new URLSearchParams(query);
  for (const p of LAYOUT_PARAMS) {
    params.delete(p);
    const value = current.get(p);
    if (value !== null) params.set(p, value);
  }
  return `${path}?${params.toString()}`;
}

/** The layout parameters of `current` (hidden fields of the filter form). */
export function layoutEntries(current: URLSearchParams): Array<[string, string]> {
  return LAYOUT_PARAMS.flatMap((p) => (current.get(p) === null ? [] : [[p, current.get(p)!] as [string, string]]));
}
