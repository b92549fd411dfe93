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

/** Parses `key=column,...`; throws ImportSetupError on unknown keys or a missing text column. */
export function parseColumnMap(spec: string): ColumnMap {
  const map: ColumnMap = { fields: {}, similarities: {}, meta: {}, metaRest: true };
  let metaSetting: boolean | null = null;
  for (const part of spec.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    if (eq <= 0 || eq === entry.length - 1) throw new ImportSetupError(`column mapping entry "${entry}" must look like key=column`);
    const key = entry.slice(0, eq).trim();
    const column = entry.slice(eq + 1).trim();
    if (isFieldKey(key)) map.fields[key] = column;
    else if (key === 'meta') {
      if (column !== '*' && column !== 'none') throw new ImportSetupError('meta= takes * (all unmapped columns) or none');
      metaSetting = column === '*';
    } else if (key.startsWith('meta.') && key.length > 5) {
      map.meta[key.slice(5)] = column;
      metaSetting ??= false;
    } else if (key.startsWith('sim.')) {
      const measure = resolveSimilarityKey(key.slice(4));
      if (!measure) throw new ImportSetupError(`unknown similarity "${key.slice(4)}" in "${entry}" (known: ${importableMeasureKeys.join(', ')})`);
      map.similarities[measure] = column;
    } else {
      throw new ImportSetupError(`unknown column mapping key "${key}" (known: ${FIELD_KEYS.join(', ')}, sim.<measure>, meta.<name>, meta=*)`);
    }
  }
  if (!map.fields.a || !map.fields.b) throw new ImportSetupError('the column mapping must name both texts, e.g. a=sentence1,b=sentence2');
  map.metaRest = metaSetting ?? true;
  return map;
}

/**
 * A mapping guessed from column names (`sentence1`/`sentence2`, `question1`/`question2`, ...) when
 * none was given; null when the two text columns cannot be told.
 */
export function guessColumnMap(columns: readonly string[]): ColumnMap | null {
  const lower = columns.map((c) => c.trim().toLowerCase());
  const fields: Partial<Record<FieldKey, string>> = {};
  for (const [key, names] of Object.entries(GUESSES) as [FieldKey, readonly string[]][]) {
    const found = names.map((n) => lower.indexOf(n)).find((i) => i !== -1);
    const column = found === undefined ? undefined : columns[found];
    if (column !== undefined) fields[key] = column;
  }
  if (!fields.a || !fields.b || fields.a === fields.b) return null;
  return { fields, similarities: {}, meta: {}, metaRest: true };
}

/** Rewrites column references to header names: exact name, then case-insensitive, then 1-based position. */
export function resolveMapColumns(map: ColumnMap, header: readonly string[]): ColumnMap | string {
  const resolve = (ref: string): string | null => {
    if (header.includes(ref)) return ref;
    const ci = header.find((h) => h.toLowerCase() === ref.toLowerCase());
    if (ci !== undefined) return ci;
    if (/^\d+$/.test(ref)) return header[Number(ref) - 1] ?? null;
    return null;
  };
  const missing: string[] = [];
  const pick = (purpose: string, ref: string): string => {
    const name = resolve(ref);
    if (name === null) missing.push(`${purpose}=${ref}`);
    return name ?? ref;
  };
  const fields: Partial<Record<FieldKey, string>> = {};
  for (const [key, ref] of Object.entries(map.fields) as [FieldKey, string][]) fields[key] = pick(key, ref);
  const similarities: Partial<Record<SimilarityKey, string>> = {};
  for (const [key, ref] of Object.entries(map.similarities) as [SimilarityKey, string][]) similarities[key] = pick(`sim.${key}`, ref);
  const meta: Record<string, string> = {};
  for (const [key, ref] of Object.entries(map.meta)) meta[key] = pick(`meta.${key}`, ref);
  if (missing.length > 0) {
    const shown = header.slice(0, 20).join(', ') + (header.length > 20 ? ', ...' : '');
    return `column mapping refers to columns that are not in the header (${missing.join(', ')}); columns: ${shown}`;
  }
  return { fields, similarities, meta, metaRest: map.metaRest };
}
