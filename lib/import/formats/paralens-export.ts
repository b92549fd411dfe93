/**
 * Paralens's own JSON Lines export (docs/export.md) read back: `paralens import` of an export makes
 * a corpus with the same texts (type, page, image), in the same order, with the same measures: the
 * text measures are recomputed from the texts (the same code gives the same values) and the
 * semantic ones (WMS, BERTScore, ST, WordNet) are taken from the file. The source corpus's ids,
 * label, score and metadata come along; exported answers and aggregates are not imported.
 */
import { sampleRecords, type FormatDefinition } from '../format-definition';
import { checkPairText, pushResult } from '../format-parser';
import { addSource, readImage } from '../image-key';
import { describeValue, idToString, isJsonObject } from '../json-values';
import { createJsonLinesParser } from '../jsonl-parser';
import { checkSimilarityValue } from '../similarity-keys';
import type { JsonObject, PairRecord, TextInput, TextType } from '../types';
import { semanticMeasureKeys } from '@/lib/measures/catalog';
import { sampleFirstObject } from './wikipedia-ipc';

const TEXT_TYPES: ReadonlySet<string> = new Set<TextType>(['caption', 'alt_text', 'sentence']);

function readText(object: JsonObject, side: 'a' | 'b'): TextInput | string {
  const text = object[side];
  const problem = checkPairText(typeof text === 'string' ? text : undefined, side);
  if (problem !== null || typeof text !== 'string') return problem ?? `${side} must be text, found ${describeValue(text)}`;
  const type = object[`type_${side}`] ?? 'sentence';
  if (typeof type !== 'string' || !TEXT_TYPES.has(type))
    return `type_${side} must be caption, alt_text or sentence, found ${describeValue(type)}`;
  const input: TextInput = { text, type: type as TextType };
  addSource(input, object[`page_${side}`]);
  return input;
}

function readRecord(object: JsonObject, lineNumber: number): PairRecord | string {
  const a = readText(object, 'a');
  if (typeof a === 'string') return a;
  const b = readText(object, 'b');
  if (typeof b === 'string') return b;
  const metadata = object.metadata ?? {};
  if (!isJsonObject(metadata)) return `metadata must be an object, found ${describeValue(metadata)}`;
  const record: PairRecord = { lineNumber, a, b, metadata: { ...metadata }, similarities: {} };
  if (object.image !== undefined && object.image !== null) {
    const image = readImage(object.image, 'image');
    if (typeof image === 'string') return image;
    record.image = image;
  }
  const originalId = idToString(object.original_id);
  if (originalId !== undefined) record.originalId = originalId;
  const clusterId = idToString(object.cluster_id);
  if (clusterId !== undefined) record.clusterId = clusterId;
  const label = object.reference_label;
  if (label !== undefined && label !== null) {
    if (typeof label === 'object') return `reference_label must be a single value, found ${describeValue(label)}`;
    record.referenceLabel = String(label);
  }
  const score = checkSimilarityValue(object.reference_score, 'reference_score');
  if (typeof score === 'string') return score;
  if (score !== null) record.referenceScore = score;
  const flag = object.reference_is_paraphrase;
  if (flag !== undefined && flag !== null && typeof flag !== 'boolean')
    return `reference_is_paraphrase must be true, false or null, found ${describeValue(flag)}`;
  if (typeof flag === 'boolean') record.isParaphrase = flag;
  for (const key of semanticMeasureKeys) {
    const value = checkSimilarityValue(object[key], key);
    if (typeof value === 'string') return value;
    if (value !== null) record.similarities[key] = value;
  }
  return record;
}

export const paralensExportFormat: FormatDefinition = {
  name: 'paralens-jsonl',
  label: 'Paralens export',
  title: 'Paralens JSON Lines export (read back: texts, order and measures as exported)',
  sniff(sample) {
    const first = sampleFirstObject(sampleRecords(sample, 1));
    return first && 'pair_id' in first && 'corpus' in first && typeof first.a === 'string' && typeof first.b === 'string'
      ? 0.9
      : 0;
  },
  createParser: () =>
    createJsonLinesParser((object, line, out) =>
      pushResult(out, readRecord(object, line.lineNumber), line.lineNumber, line.text),
    ),
};
