/**
 * GloVe cosine (`gloveCosine`, not one of the paper's measures): the cosine of the means of the
 * unit-length word vectors of each text's known tokens, clipped to [0, 1] as the ST cosine is.
 * Tokens: the rouge tokenizer's lower-case [a-z0-9]+ words, not stemmed, with NLTK's English stop
 * words (lib/measures/stopwords.ts) removed; every occurrence counts; a token without a vector is
 * dropped. A text with no known token gives 0 (as WMS does). The vectors are the GloVe vectors of
 * `paralens models add glove` (lib/models/glove-vectors.ts), but any lookup of unit-length rows works.
 */
import { clip01, cosineSimilarity } from '@/lib/measures/pooling';
import { ENGLISH_STOP_WORDS } from '@/lib/measures/stopwords';
import { tokenize } from '@/lib/measures/tokenize';

export interface RowVectors {
  readonly dimension: number;
  /** the word's row, or -1 when it has no vector */
  indexOf(word: string): number;
  /** adds the row's unit-length vector to `into` */
  addRow(index: number, into: Float64Array): void;
}

export function tokenizeForGloveCosine(text: string): string[] {
  return tokenize(text, { tokenizer: 'rouge', stem: false }).filter((t) => !ENGLISH_STOP_WORDS.has(t));
}

/** The mean of the unit vectors of the known tokens, or null when no token is known. */
export function meanWordVector(tokens: readonly string[], vectors: RowVectors): Float32Array | null {
  const sum = new Float64Array(vectors.dimension);
  let known = 0;
  for (const token of tokens) {
    const row = vectors.indexOf(token);
    if (row < 0) continue;
    vectors.addRow(row, sum);
    known += 1;
  }
  if (known === 0) return null;
  return Float32Array.from(sum, (x) => x / known);
}

/** GloVe cosine in [0, 1]; 0 when either text has no known token (or a mean of length 0). Never NaN. */
export function computeGloveCosine(a: Float32Array | null, b: Float32Array | null): number {
  if (!a || !b) return 0;
  const cosine = cosineSimilarity(a, b);
  return Number.isFinite(cosine) ? clip01(cosine) : 0;
}
