/**
 * Turns one parsed record (lib/import) into the row Paralens stores: all syntactic measures
 * computed as the EACL 2023 paper did (lib/measures), the imported semantic measures combined into
 * sem and Δ, the content keys that identify a text and an unordered pair within a corpus
 * (lib/pair-rows/content-keys.ts), and word lengths. Pure: no database.
 */
import { computePairKey, computeTextKey } from './content-keys';
import { computeMeasures, PAPER_MEASURE_OPTIONS, type MeasureOptions, type SyntacticMeasures } from '@/lib/measures/measures';
import { normalizeSemanticValue, summarizeSimilarity, type SemanticInputs } from '@/lib/measures/semantic';
import { semanticMeasureKeys, type MeasureValues, type SemanticMeasureKey } from '@/lib/measures/catalog';
import type { JsonObject, PairRecord, TextInput } from '@/lib/import/types';

export type StoredTextType = 'CAPTION' | 'ALT_TEXT' | 'SENTENCE';

const textTypes: Record<TextInput['type'], StoredTextType> = { caption: 'CAPTION', alt_text: 'ALT_TEXT', sentence: 'SENTENCE' };

export interface PreparedText {
  key: string;
  content: string;
  type: StoredTextType;
  page: string | null;
  title: string | null;
  words: number;
}

export interface PreparedPair {
  seq: number;
  lineNumber: number;
  a: PreparedText;
  b: PreparedText;
  pairKey: string;
  imageKey: string | null;
  imageUrl: string | null;
  originalId: string | null;
  clusterId: string | null;
  metadata: JsonObject;
  referenceLabel: string | null;
  referenceScore: number | null;
  referenceIsParaphrase: boolean | null;
  measures: MeasureValues;
  semParts: string[];
}

/** Words as a reader counts them: runs of non-space characters. */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const isSpace = c === 32 || (c >= 9 && c <= 13) || c === 160;
    if (!isSpace && !inWord) count += 1;
    inWord = !isSpace;
  }
  return count;
}

function prepareText(text: TextInput, imageKey: string | null): PreparedText {
  const type = textTypes[text.type];
  return {
    key: computeTextKey(type, imageKey, text.sourcePage ?? null, text.text),
    content: text.text,
    type,
    page: text.sourcePage ?? null,
    title: text.sourceTitle ?? null,
    words: countWords(text.text),
  };
}

/** Syntactic scores that came with the file are kept in metadata, to compare with ours. */
function withImportedSyntactic(metadata: JsonObject, sims: PairRecord['similarities']): JsonObject {
  if (sims.rouge1 === undefined && sims.rougeL === undefined && sims.bleu === undefined) return metadata;
  const imported: JsonObject = {};
  if (sims.rouge1 !== undefined) imported.rouge1 = sims.rouge1;
  if (sims.rougeL !== undefined) imported.rougeL = sims.rougeL;
  if (sims.bleu !== undefined) imported.bleu = sims.bleu;
  return { ...metadata, importedSimilarities: imported };
}

/**
 * `semMeasures`: the corpus's semantic set (Corpus.semMeasures), which measures form sem and delta.
 * `computed`: the pair's text measures when already computed with `options` (an import computes
 * them on a worker thread, lib/pair-rows/measure-batch.ts); the object is taken over.
 */
export function preparePair(
  record: PairRecord,
  seq: number,
  options: Readonly<MeasureOptions> = PAPER_MEASURE_OPTIONS,
  semMeasures?: readonly SemanticMeasureKey[],
  computed?: SyntacticMeasures,
): PreparedPair {
  const imageKey = record.image?.key ?? null;
  const syntactic = computed ?? computeMeasures(record.a.text, record.b.text, options);
  const sims = record.similarities;
  const semantic: SemanticInputs = sims;
  const summary = summarizeSimilarity(syntactic, sims, { clip: options.clip, ...(semMeasures ? { include: semMeasures } : {}) });
  const metadata = withImportedSyntactic(record.metadata, sims);
  // The syntactic result already holds every text measure: it gains the semantic and combined ones.
  const measures = syntactic as unknown as MeasureValues;
  for (const key of semanticMeasureKeys) measures[key] = normalizeSemanticValue(key, semantic[key], options.clip);
  measures.sem = summary.sem;
  measures.delta = summary.delta;
  return {
    seq,
    lineNumber: record.lineNumber,
    a: prepareText(record.a, imageKey),
    b: prepareText(record.b, imageKey),
    pairKey: computePairKey(record.a.text, record.b.text),
    imageKey,
    imageUrl: record.image?.url ?? null,
    originalId: record.originalId ?? null,
    clusterId: record.clusterId ?? null,
    metadata,
    referenceLabel: record.referenceLabel ?? null,
    referenceScore: record.referenceScore ?? null,
    referenceIsParaphrase: record.isParaphrase ?? null,
    measures,
    semParts: summary.semFrom,
  };
}
