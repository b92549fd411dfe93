/**
 * Measures a user brings to a corpus (`paralens import-scores FILE --corpus SLUG --map … --measure
 * NAME=COL`): a model's scores stored per corpus under the names given, beside the built-in
 * catalogue (catalog.ts), never in it. This module checks the names, reads the column map and the
 * measure list, and turns each row of the file into a pair reference and its values, with the row's
 * line number. Pure; lib/db/corpora/user-measures.ts matches the pairs and writes the values.
 *
 * A row names its pair by the Paralens pair id (`id=COL`, the `pair_id` of every export, so export →
 * model → import-scores works), by the source corpus's original id (`pair=COL`) or by the two texts
 * (`a=COL,b=COL`, either order, matched exactly as stored through the pair's content key).
 */
import { isMeasureKey, measureCatalog, measureKeys, type MeasureKey } from './catalog';

export const MEASURE_AXES = ['none', 'semantic', 'syntactic'] as const;
export type MeasureAxisName = (typeof MEASURE_AXES)[number];

/** How explorer URLs name a user measure: `u.NAME` (min.u.NAME, max.u.NAME, sort=-u.NAME, cols=u.NAME). */
export const USER_MEASURE_PREFIX = 'u.';
export type UserMeasureKey = `u.${string}`;

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** Names the explorer and exports already use for something else. */
const RESERVED = new Set([
  'id',
  'length',
  'label',
  'annotations',
  // the base columns of exports (lib/export/fields.ts), where a user measure is a column of its own name
  'pair_id',
  'corpus',
  'original_id',
  'cluster_id',
  'gold',
  'a',
  'b',
  'type_a',
  'type_b',
  'page_a',
  'page_b',
  'image',
  'length_a',
  'length_b',
  'reference_label',
  'reference_score',
  'reference_is_paraphrase',
  'metadata',
  'sem_parts',
]);

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Null when `name` may name a user measure, else why not. */
export function userMeasureNameProblem(name: string): string | null {
  if (!NAME.test(name))
    return `"${name}" is not a measure name: use a lowercase letter, then lowercase letters, digits or _ (at most 40), e.g. my_model`;
  const builtIn = measureKeys.find((k) => k.toLowerCase() === name);
  if (builtIn)
    return `"${name}" is the built-in measure ${builtIn} of the catalogue; give the model's scores another name, e.g. ${name}_model`;
  if (RESERVED.has(name)) return `"${name}" is reserved (a column of the explorer and exports); choose another name`;
  return null;
}

export function isUserMeasureName(name: string): boolean {
  return userMeasureNameProblem(name) === null;
}

/** `u.NAME` with a valid NAME (whether a corpus has it is for the database to say). */
export function isUserMeasureKey(key: unknown): key is UserMeasureKey {
  return (
    typeof key === 'string' && key.startsWith(USER_MEASURE_PREFIX) && isUserMeasureName(key.slice(USER_MEASURE_PREFIX.length))
  );
}

export function userMeasureKey(name: string): UserMeasureKey {
  return `${USER_MEASURE_PREFIX}${name}`;
}

export function userMeasureName(key: UserMeasureKey): string {
  return key.slice(USER_MEASURE_PREFIX.length);
}

export interface ScoreColumnMap {
  pair: { by: 'id' | 'originalId'; column: string } | { by: 'texts'; a: string; b: string };
}

export interface ScoreMeasure {
  name: string;
  column: string;
  axis: MeasureAxisName;
}

function entries(spec: string, option: string): Parsed<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const key = eq > 0 ? part.slice(0, eq).trim() : '';
    const value = eq > 0 ? part.slice(eq + 1).trim() : '';
    if (!key || !value) return { ok: false, error: `${option}: "${part}" is not KEY=VALUE` };
    out.push([key, value]);
  }
  return { ok: true, value: out };
}

/** `id=COL` (Paralens pair ids), `pair=COL` (original ids) or `a=COL,b=COL` (the two texts), one of them. */
export function parseScoreColumnMap(spec: string): Parsed<ScoreColumnMap> {
  const parsed = entries(spec, '--map');
  if (!parsed.ok) return parsed;
  const map = new Map<string, string>();
  for (const [key, column] of parsed.value) {
    if (!['id', 'pair', 'a', 'b'].includes(key))
      return {
        ok: false,
        error: `--map: "${key}" is neither id, pair, a nor b (the measures' columns go in --measure NAME=COLUMN)`,
      };
    if (map.has(key)) return { ok: false, error: `--map: ${key}= is given twice` };
    map.set(key, column);
  }
  const [id, pair, a, b] = ['id', 'pair', 'a', 'b'].map((k) => map.get(k));
  const ways = [id, pair, a ?? b].filter((x) => x !== undefined).length;
  if (ways !== 1)
    return {
      ok: false,
      error:
        '--map: give id=COLUMN (Paralens pair ids, as exports write them), pair=COLUMN (original ids) or a=COLUMN,b=COLUMN (the two texts), one of them',
    };
  if (id) return { ok: true, value: { pair: { by: 'id', column: id } } };
  if (pair) return { ok: true, value: { pair: { by: 'originalId', column: pair } } };
  if (!a || !b) return { ok: false, error: '--map: matching by texts needs both a=COLUMN and b=COLUMN' };
  return { ok: true, value: { pair: { by: 'texts', a, b } } };
}

/**
 * `--measure NAME=COL[,NAME=COL]` with `--axis NAME=semantic|syntactic[,…]` (default none): the
 * names checked (userMeasureNameProblem), each once.
 */
export function parseScoreMeasures(spec: string, axisSpec = ''): Parsed<ScoreMeasure[]> {
  const parsed = entries(spec, '--measure');
  if (!parsed.ok) return parsed;
  if (parsed.value.length === 0) return { ok: false, error: '--measure needs at least one NAME=COLUMN, e.g. my_model=score' };
  const measures: ScoreMeasure[] = [];
  for (const [name, column] of parsed.value) {
    const problem = userMeasureNameProblem(name);
    if (problem) return { ok: false, error: `--measure: ${problem}` };
    if (measures.some((m) => m.name === name)) return { ok: false, error: `--measure: "${name}" is given twice` };
    measures.push({ name, column, axis: 'none' });
  }
  const axes = entries(axisSpec, '--axis');
  if (!axes.ok) return axes;
  for (const [name, axis] of axes.value) {
    const measure = measures.find((m) => m.name === name);
    if (!measure) return { ok: false, error: `--axis: "${name}" is not a measure of --measure` };
    if (!(MEASURE_AXES as readonly string[]).includes(axis))
      return { ok: false, error: `--axis: "${axis}" must be ${MEASURE_AXES.join(', ')}` };
    measure.axis = axis as MeasureAxisName;
  }
  return { ok: true, value: measures };
}

export interface ScoreRow {
  line: number;
  pair: { pairId: number } | { originalId: string } | { texts: [string, string] };
  /** one per measure, in --measure order; null: the cell was empty (no value for this pair) */
  values: Array<number | null>;
}

export type MappedScoreRow = { ok: true; row: ScoreRow } | { ok: false; line: number; message: string };

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/** A cell as a finite number, null when empty, or a message. */
function readValue(cell: unknown): number | null | string {
  if (cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '')) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : `"${cell}" is not a finite number`;
  if (typeof cell === 'string' && NUMBER.test(cell.trim())) {
    const n = Number(cell.trim());
    if (Number.isFinite(n)) return n;
  }
  return `${JSON.stringify(cell)} is not a number`;
}

export function mapScoreRow(
  cells: Readonly<Record<string, unknown>>,
  line: number,
  map: ScoreColumnMap,
  measures: readonly ScoreMeasure[],
): MappedScoreRow {
  const fail = (message: string): MappedScoreRow => ({ ok: false, line, message });
  const missing = [
    ...(map.pair.by === 'texts' ? [map.pair.a, map.pair.b] : [map.pair.column]),
    ...measures.map((m) => m.column),
  ].filter((c) => !(c in cells));
  if (missing.length > 0)
    return fail(`no column ${missing.map((c) => `"${c}"`).join(', ')} (columns: ${Object.keys(cells).slice(0, 20).join(', ')})`);
  const values: Array<number | null> = [];
  const problems: string[] = [];
  for (const m of measures) {
    const value = readValue(cells[m.column]);
    if (typeof value === 'string') problems.push(`${m.name}: ${value}`);
    else values.push(value);
  }
  if (problems.length > 0) return fail(problems.join('; '));
  if (values.every((v) => v === null)) return fail(`no value in ${measures.map((m) => `"${m.column}"`).join(', ')}`);
  const scalar = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  if (map.pair.by === 'texts') {
    // Texts are matched exactly as stored (imports keep them verbatim), so they are not trimmed.
    const [a, b] = [scalar(cells[map.pair.a]), scalar(cells[map.pair.b])];
    if (a.trim() === '' || b.trim() === '') return fail('a text is missing');
    return { ok: true, row: { line, pair: { texts: [a, b] }, values } };
  }
  const ref = scalar(cells[map.pair.column]).trim();
  if (ref === '') return fail(`no pair id in column "${map.pair.column}"`);
  if (map.pair.by === 'originalId') return { ok: true, row: { line, pair: { originalId: ref }, values } };
  const id = Number(ref);
  if (!/^\d{1,10}$/.test(ref) || id < 1 || id > 2147483647)
    return fail(`"${ref}" is not a Paralens pair id (a whole number, the pair_id of an export)`);
  return { ok: true, row: { line, pair: { pairId: id }, values } };
}

/** A catalogue measure or a user measure (`u.NAME`): what analyses that take "any measure" take. */
export type AnyMeasureKey = MeasureKey | UserMeasureKey;

export function isAnyMeasureKey(key: unknown): key is AnyMeasureKey {
  return isMeasureKey(key) || isUserMeasureKey(key);
}

/** How tables and charts name a measure: the catalogue's label, or the user measure's own name. */
export function measureLabelOf(key: AnyMeasureKey): string {
  return isUserMeasureKey(key) ? userMeasureName(key) : measureCatalog[key].label;
}

export function measureDescriptionOf(key: AnyMeasureKey): string {
  return isUserMeasureKey(key)
    ? `${userMeasureName(key)}: a measure of your own (import-scores)`
    : measureCatalog[key].description;
}
