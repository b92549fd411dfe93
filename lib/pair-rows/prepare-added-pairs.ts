/**
 * The rows of pairs an annotation file creates (`addPairs`, lib/db/pairs/pair-additions.ts): each
 * pair's texts as sentences, every syntactic measure computed with the corpus language's tokenizer,
 * as an import computes them, and the sums the corpus summary merges. Pure, and serialisable in and
 * out: the web server runs it on a compute worker (lib/runtime/compute-workers.ts), the command
 * line on its own thread. The rows come back as the JSON texts the SQL reads (one string each, not
 * an object per pair), so handing 31,000 pairs back from a worker costs a copy, not a second of the
 * server's thread spent rebuilding objects.
 */
import { makeText } from '@/lib/import/format-parser';
import { measureOptionsForLanguage } from '@/lib/measures/measures';
import type { SemanticMeasureKey } from '@/lib/measures/catalog';
import type { CorpusSums } from './corpus-sums';
import { preparePair } from './prepare-pair';
import { SumsAccumulator } from './sums-accumulator';

export interface AddedPairsInput {
  pairs: ReadonlyArray<{ a: string; b: string; originalId: string | null; line: number }>;
  /** the language whose tokenizer measures the corpus */
  language: string;
  /** the corpus's semantic set */
  semSet: SemanticMeasureKey[];
}

export interface AddedPairRows {
  pairs: number;
  /** JSON array of `{ key, content, words }`, each text once */
  texts: string;
  /** JSON array of the Pair rows: `a` and `b` are the texts' keys, then the columns and every measure */
  rows: string;
  sums: CorpusSums;
}

export function prepareAddedPairs(input: AddedPairsInput): AddedPairRows {
  const options = measureOptionsForLanguage(input.language);
  const texts = new Map<string, { key: string; content: string; words: number }>();
  const rows: unknown[] = [];
  const sums = new SumsAccumulator();
  input.pairs.forEach((p, i) => {
    const record = {
      lineNumber: p.line,
      a: makeText(p.a),
      b: makeText(p.b),
      metadata: {},
      similarities: {},
      ...(p.originalId === null ? {} : { originalId: p.originalId }),
    };
    const prepared = preparePair(record, i, options, input.semSet);
    for (const t of [prepared.a, prepared.b]) texts.set(t.key, { key: t.key, content: t.content, words: t.words });
    rows.push({
      a: prepared.a.key,
      b: prepared.b.key,
      key: prepared.pairKey,
      originalId: prepared.originalId,
      lengthA: prepared.a.words,
      lengthB: prepared.b.words,
      semParts: prepared.semParts,
      ...prepared.measures,
    });
    sums.add(prepared.measures, prepared.a.words, prepared.b.words);
  });
  return {
    pairs: input.pairs.length,
    texts: JSON.stringify([...texts.values()]),
    rows: JSON.stringify(rows),
    sums: sums.toCorpusSums(),
  };
}

/** Where a caller computes the rows: on its own thread (the default) or a worker's. */
export type AddedPairsPreparer = (input: AddedPairsInput) => Promise<AddedPairRows>;

export const prepareAddedPairsHere: AddedPairsPreparer = (input) => Promise.resolve(prepareAddedPairs(input));
