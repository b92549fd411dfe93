/**
 * Reads imported similarity values. Wikipedia-IPC stores them under the keys the EACL 2023 scorers
 * wrote (docs/sources.md#scorer-keys): `rouge1-f1`, `rougel-f1`, `bleu`, `wms`, `bert-score-f1`,
 * `sentence-transformer-cos-sim`; Paralens's own names (`rouge1`, `rougeL`, `bertscore`, `st`) are
 * accepted too so exported files re-import. Values are kept as given (clipping BERTScore and ST to
 * [0, 1] is the metrics layer's job); `null` (also Python's NaN) means undefined and is left out.
 * Other numeric keys (precision, recall, ...) are returned separately for metadata.
 */
import { describeValue, isJsonObject, setJsonEntry } from './json-values';
import type { JsonObject, JsonValue, SimilarityKey } from './types';
import { importableMeasureKeys, measureCatalog } from '@/lib/measures/catalog';

const KEY_ALIASES = new Map<string, SimilarityKey>(
  importableMeasureKeys.flatMap((key) => (measureCatalog[key].importNames ?? []).map((name) => [name, key] as const)),
);

export interface SimilarityReading {
  similarities: Partial<Record<SimilarityKey, number>>;
  others: JsonObject;
  hasOthers: boolean;
}

/** Maps an alias (`bert-score-f1`) to Paralens's key; null when it is not a known measure. */
export function resolveSimilarityKey(name: string): SimilarityKey | null {
  return KEY_ALIASES.get(name) ?? KEY_ALIASES.get(name.toLowerCase()) ?? null;
}

/** Checks one imported value: a finite number, or null/absent. Returns a message when invalid. */
export function checkSimilarityValue(value: JsonValue | undefined, label: string): number | null | string {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return `${label} must be a number, found ${describeValue(value)}`;
}

export function readSimilarities(value: JsonValue | undefined, label = 'similarities'): SimilarityReading | string {
  const reading: SimilarityReading = { similarities: {}, others: {}, hasOthers: false };
  if (value === undefined || value === null) return reading;
  if (!isJsonObject(value)) return `${label} must be an object, found ${describeValue(value)}`;
  for (const name in value) {
    const raw = value[name];
    if (raw === null || raw === undefined) continue;
    // Labels are only built on the error path: this runs once per key of every imported pair.
    if (typeof raw !== 'number' || !Number.isFinite(raw)) return `${label}.${name} must be a number, found ${describeValue(raw)}`;
    const key = resolveSimilarityKey(name);
    if (key) reading.similarities[key] = raw;
    else {
      setJsonEntry(reading.others, name, raw);
      reading.hasOthers = true;
    }
  }
  return reading;
}
