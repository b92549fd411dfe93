/**
 * Column mappings for the generic csv / tsv / jsonl formats, written as in the CLI's
 * `--map a=sentence1,b=sentence2,label=gold,score=sim,id=pid`. Keys: `a`, `b` (the two texts,
 * required), `id`, `cluster`, `label`, `score`, `paraphrase` (1/0, true/false, yes/no; empty =
 * debatable), `image`, `pageA`, `pageB`, `sim.<measure>` (wms, bertscore, st, rouge1, rougeL, bleu
 * or their Wikipedia-IPC spellings), `meta.<name>` (copy a column into metadata under a name) and
 * `meta=*` / `meta=none` (all unmapped columns go to metadata, the default when no `meta.` key is
 * given / none do). A column is a header name, a 1-based position, or for JSON a dotted path.
 */
import { resolveSimilarityKey } from './similarity-keys';
import { importableMeasureKeys } from '@/lib/measures/catalog';
import { ImportSetupError, type SimilarityKey } from './types';

export const FIELD_KEYS = ['a', 'b', 'id', 'cluster', 'label', 'score', 'paraphrase', 'image', 'pageA', 'pageB'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

export interface ColumnMap {
  fields: Partial<Record<FieldKey, string>>;
  similarities: Partial<Record<SimilarityKey, string>>;
  /** metadata name -> column */
  meta: Record<string, string>;
  /** Copy every column the mapping does not use into metadata under its own name. */
  metaRest: boolean;
}

const GUESSES: Partial<Record<FieldKey, readonly string[]>> = {
  a: ['sentence1', 'sentence_a', 'text_a', 'text1', 's1', 'question1', 'sentence 1', '#1 string', 'a', 'first', 'source'],
  b: ['sentence2', 'sentence_b', 'text_b', 'text2', 's2', 'question2', 'sentence 2', '#2 string', 'b', 'second', 'target'],
  id: ['id', 'pair_id', 'pairid'],
  label: ['label', 'gold_label', 'quality', 'is_duplicate', 'is_paraphrase'],
  score: ['score', 'similarity', 'relatedness_score'],
};

function isFieldKey(key: string): key is FieldKey {
  return (FIELD_KEYS as readonly string[]).includes(key);
}

/** Splits `key=column,...` into entries; throws ImportSetupError on an entry without `=`. */
export function splitColumnMap(spec: string): [string, string][] {
  const entries: [string, string][] = [];
  for (const part of spec.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    if (eq <= 0 || eq === entry.length - 1)
      throw new ImportSetupError(`column mapping entry "${entry}" must look like key=column`);
    entries.push([entry.slice(0, eq).trim(), entry.slice(eq + 1).trim()]);
  }
  return entries;
}

/** A mapping entry that breaks a rule: the key it is about (`a`, `sim.wms`, `meta`), and why. */
export class ColumnMapError extends ImportSetupError {
  override name = 'ColumnMapError';

  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The rules of a column mapping, for `--map` and the upload page's column pickers alike: known
 * keys, both texts named, and two different columns for them. Throws ColumnMapError.
 */
export function buildColumnMap(entries: readonly (readonly [string, string])[]): ColumnMap {
  const map: ColumnMap = { fields: {}, similarities: {}, meta: {}, metaRest: true };
  let metaSetting: boolean | null = null;
  for (const [key, column] of entries) {
    const entry = `${key}=${column}`;
    if (isFieldKey(key)) map.fields[key] = column;
    else if (key === 'meta') {
      if (column !== '*' && column !== 'none') throw new ColumnMapError(key, 'meta= takes * (all unmapped columns) or none');
      metaSetting = column === '*';
    } else if (key.startsWith('meta.') && key.length > 5) {
      map.meta[key.slice(5)] = column;
      metaSetting ??= false;
    } else if (key.startsWith('sim.')) {
      const measure = resolveSimilarityKey(key.slice(4));
      if (!measure)
        throw new ColumnMapError(
          key,
          `unknown similarity "${key.slice(4)}" in "${entry}" (known: ${importableMeasureKeys.join(', ')})`,
        );
      map.similarities[measure] = column;
    } else {
      throw new ColumnMapError(
        key,
        `unknown column mapping key "${key}" (known: ${FIELD_KEYS.join(', ')}, sim.<measure>, meta.<name>, meta=*)`,
      );
    }
  }
  if (!map.fields.a) throw new ColumnMapError('a', 'the column mapping must name both texts, e.g. a=sentence1,b=sentence2');
  if (!map.fields.b) throw new ColumnMapError('b', 'the column mapping must name both texts, e.g. a=sentence1,b=sentence2');
  if (map.fields.a === map.fields.b) throw new ColumnMapError('b', sameTextColumnsMessage(map.fields.a));
  map.metaRest = metaSetting ?? true;
  return map;
}

/** Parses `key=column,...`; throws ImportSetupError on unknown keys or a missing text column. */
export function parseColumnMap(spec: string): ColumnMap {
  return buildColumnMap(splitColumnMap(spec));
}

/**
 * A mapping guessed from column names (`sentence1`/`sentence2`, `question1`/`question2`, ...) when
 * none was given; null when the two text columns cannot be told.
 */
export function guessColumnMap(columns: readonly string[]): ColumnMap | null {
  const fields = guessColumnFields(columns);
  if (!fields.a || !fields.b || fields.a === fields.b) return null;
  return { fields, similarities: {}, meta: {}, metaRest: true };
}

/** The roles each column name suggests, as far as they go (the texts may be missing). */
export function guessColumnFields(columns: readonly string[]): Partial<Record<FieldKey, string>> {
  const lower = columns.map((c) => c.trim().toLowerCase());
  const fields: Partial<Record<FieldKey, string>> = {};
  for (const [key, names] of Object.entries(GUESSES) as [FieldKey, readonly string[]][]) {
    const found = names.map((n) => lower.indexOf(n)).find((i) => i !== -1);
    const column = found === undefined ? undefined : columns[found];
    if (column !== undefined) fields[key] = column;
  }
  return fields;
}

/**
 * Rewrites column references to header names: exact name, then case-insensitive, then 1-based
 * position; lists the references that match none.
 */
export function matchMapColumns(
  map: ColumnMap,
  header: readonly string[],
): { map: ColumnMap; missing: { key: string; ref: string }[] } {
  const resolve = (ref: string): string | null => {
    if (header.includes(ref)) return ref;
    const ci = header.find((h) => h.toLowerCase() === ref.toLowerCase());
    if (ci !== undefined) return ci;
    if (/^\d+$/.test(ref)) return header[Number(ref) - 1] ?? null;
    return null;
  };
  const missing: { key: string; ref: string }[] = [];
  const pick = (key: string, ref: string): string => {
    const name = resolve(ref);
    if (name === null) missing.push({ key, ref });
    return name ?? ref;
  };
  const fields: Partial<Record<FieldKey, string>> = {};
  for (const [key, ref] of Object.entries(map.fields) as [FieldKey, string][]) fields[key] = pick(key, ref);
  const similarities: Partial<Record<SimilarityKey, string>> = {};
  for (const [key, ref] of Object.entries(map.similarities) as [SimilarityKey, string][])
    similarities[key] = pick(`sim.${key}`, ref);
  const meta: Record<string, string> = {};
  for (const [key, ref] of Object.entries(map.meta)) meta[key] = pick(`meta.${key}`, ref);
  return { map: { fields, similarities, meta, metaRest: map.metaRest }, missing };
}

export function sameTextColumnsMessage(column: string): string {
  return `the two texts must come from two different columns (a and b are both ${column})`;
}

/** matchMapColumns for the parsers: the mapping with header names, or the fatal message. */
export function resolveMapColumns(map: ColumnMap, header: readonly string[]): ColumnMap | string {
  const { map: resolved, missing } = matchMapColumns(map, header);
  if (missing.length > 0) {
    const shown = header.slice(0, 20).join(', ') + (header.length > 20 ? ', ...' : '');
    return `column mapping refers to columns that are not in the header (${missing.map((m) => `${m.key}=${m.ref}`).join(', ')}); columns: ${shown}`;
  }
  if (resolved.fields.a === resolved.fields.b) return sameTextColumnsMessage(resolved.fields.a ?? '');
  return resolved;
}
