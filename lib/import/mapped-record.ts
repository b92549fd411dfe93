/**
 * Builds a pair record from one generic row (a CSV/TSV row keyed by header name, or a JSON object)
 * through a column mapping (column-map.ts). Values are checked where they are read: texts must be
 * text, scores and similarities plain numbers, `paraphrase` a yes/no value.
 */
import type { ColumnMap, FieldKey } from './column-map';
import { checkPairText, makeText } from './format-parser';
import { addSource, readImage } from './image-key';
import { describeValue, idToString, isJsonObject, parseDecimal, setJsonEntry } from './json-values';
import { checkSimilarityValue } from './similarity-keys';
import type { JsonObject, JsonValue, PairRecord, SimilarityKey } from './types';

/** Value at a column name; a dotted path (`first.caption-text`) reaches into JSON objects. */
export function getPath(source: JsonObject, ref: string): JsonValue | undefined {
  if (Object.hasOwn(source, ref)) return source[ref];
  let value: JsonValue | undefined = source;
  for (const part of ref.split('.')) {
    if (!isJsonObject(value) || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

function readNumber(value: JsonValue | undefined, label: string): number | null | string {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    const n = parseDecimal(value);
    return n === null ? `${label} is not a number: ${describeValue(value)}` : n;
  }
  return checkSimilarityValue(value, label);
}

const YES = new Set(['1', 'true', 'yes', 'y', 't']);
const NO = new Set(['0', 'false', 'no', 'n', 'f']);

function readYesNo(value: JsonValue | undefined, label: string): boolean | null | string {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : typeof value === 'number' ? String(value) : '';
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return `${label} must be 1/0, true/false or yes/no, found ${describeValue(value)}`;
}

function readText(source: JsonObject, map: ColumnMap, key: 'a' | 'b'): string | { error: string } {
  const column = map.fields[key] ?? key;
  const value = getPath(source, column);
  const label = `${key} (${column})`;
  if (value !== undefined && value !== null && typeof value !== 'string')
    return { error: `${label} must be text, found ${describeValue(value)}` };
  const problem = checkPairText(value ?? undefined, label);
  return problem === null && typeof value === 'string' ? value : { error: problem ?? `${label} is missing` };
}

export function buildMappedRecord(map: ColumnMap, source: JsonObject, lineNumber: number): PairRecord | string {
  const textA = readText(source, map, 'a');
  if (typeof textA !== 'string') return textA.error;
  const textB = readText(source, map, 'b');
  if (typeof textB !== 'string') return textB.error;
  const get = (key: FieldKey): JsonValue | undefined => {
    const column = map.fields[key];
    return column === undefined ? undefined : getPath(source, column);
  };
  const record: PairRecord = { lineNumber, a: makeText(textA), b: makeText(textB), metadata: {}, similarities: {} };
  addSource(record.a, get('pageA'));
  addSource(record.b, get('pageB'));

  const originalId = idToString(get('id'));
  if (originalId !== undefined) record.originalId = originalId;
  const clusterId = idToString(get('cluster'));
  if (clusterId !== undefined) record.clusterId = clusterId;
  const label = get('label');
  if (label !== undefined && label !== null && label !== '') {
    if (typeof label === 'object') return `label (${map.fields.label}) must be a single value, found ${describeValue(label)}`;
    record.referenceLabel = String(label);
  }
  const score = readNumber(get('score'), `score (${map.fields.score})`);
  if (typeof score === 'string') return score;
  if (score !== null) record.referenceScore = score;
  if (map.fields.paraphrase !== undefined) {
    const flag = readYesNo(get('paraphrase'), `paraphrase (${map.fields.paraphrase})`);
    if (typeof flag === 'string') return flag;
    record.isParaphrase = flag;
  }
  const imageValue = get('image');
  if (imageValue !== undefined && imageValue !== null && imageValue !== '') {
    const image = readImage(imageValue, `image (${map.fields.image})`);
    if (typeof image === 'string') return image;
    record.image = image;
  }
  for (const [key, column] of Object.entries(map.similarities) as [SimilarityKey, string][]) {
    const value = readNumber(getPath(source, column), `sim.${key} (${column})`);
    if (typeof value === 'string') return value;
    if (value !== null) record.similarities[key] = value;
  }
  for (const [name, column] of Object.entries(map.meta)) {
    const value = getPath(source, column);
    if (value !== undefined) setJsonEntry(record.metadata, name, value);
  }
  if (map.metaRest) {
    const used = new Set<string>();
    for (const column of [...Object.values(map.fields), ...Object.values(map.similarities), ...Object.values(map.meta)]) {
      if (column === undefined) continue;
      used.add(column);
      if (!Object.hasOwn(source, column)) used.add(column.split('.')[0] ?? column);
    }
    for (const [key, value] of Object.entries(source)) if (!used.has(key)) setJsonEntry(record.metadata, key, value);
  }
  return record;
}
