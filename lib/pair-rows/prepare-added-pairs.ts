/**
 * The rows of pairs an annotation file creates (`addPairs`, lib/db/pairs/pair-additions.ts): each
 * pair's texts as sentences, every syntactic measure computed with the corpus language's tokenizer,
 * as an import computes them. Pure and serialisable in and out, so the web server can run it on a
 * compute worker (lib/runtime/compute-workers.ts) and the command line on its own thread.
 */
import { makeText } from '@/lib/import/format-parser';
import { measureOptionsForLanguage } from '@/lib/measures/measures';
import type { SemanticMeasureKey } from '@/lib/measures/catalog';
import { preparePair, type PreparedPair } from './prepare-pair';

export interface AddedPairsInput {
  pairs: ReadonlyArray<{ a: string; b: string; originalId: string | null; line: number }>;
  /** the language whose tokenizer measures the corpus */
  language: string;
  /** the corpus's semantic set */
  semSet: SemanticMeasureKey[];
}

export function prepareAddedPairs(input: AddedPairsInput): PreparedPair[] {
  const options = measureOptionsForLanguage(input.language);
  return input.pairs.map((p, i) => {
    const record = {
      lineNumber: p.line,
      a: makeText(p.a),
      b: makeText(p.b),
      metadata: {},
      similarities: {},
      ...(p.originalId === null ? {} : { originalId: p.originalId }),
    };
    return preparePair(record, i, options, input.semSet);
  });
}

/** Where a caller computes the rows: on its own thread (the default) or a worker's. */
export type AddedPairsPreparer = (input: AddedPairsInput) => Promise<PreparedPair[]>;

export const prepareAddedPairsHere: AddedPairsPreparer = (input) => Promise.resolve(prepareAddedPairs(input));
