/**
 * Word Mover's Distance (Kusner, Sun, Kolkin & Weinberger, ICML 2015) and the paper's Word Mover
 * similarity WMS = 1 − WMD / 2, as the EACL 2023 scorer computed it with gensim 4.1
 * `KeyedVectors.wmdistance` (score_paraphrases_local.py): the texts' paper tokens (rouge
 * tokenizer, NLTK Porter stems) with NLTK's English stop words removed; out-of-vocabulary tokens
 * dropped (no subword fallback); each text a normalised bag of words; word vectors scaled to unit
 * length (gensim's `norm=True`), so Euclidean distances and the WMD lie in [0, 2]; the exact
 * transport solution (lib/measures/transport.ts). A text with no known word makes the distance
 * infinite, and WMS is then 0, as in the paper's code.
 *
 * One deliberate difference: gensim returns an infinite distance when every word-to-word distance
 * is 0 (different words with identical vectors, a guard for pyemd); here the distance is then 0.
 */
import { scanUnicodeTokens, stemUnicodeToken, stopWordsFor } from '@/lib/measures/language-tokenize';
import { ENGLISH_STOP_WORDS } from '@/lib/measures/stopwords';
import { solveTransport } from '@/lib/measures/transport';
import { tokenize } from '@/lib/measures/tokenize';

export interface WordVectorLookup {
  readonly dimension: number;
  /** The word's vector scaled to unit length, or undefined when the word is unknown. */
  vector(word: string): Float32Array | undefined;
}

/** A text ready for WMD: its distinct known words, their vectors and counts. */
export interface WordBag {
  words: string[];
  vectors: Float32Array[];
  counts: number[];
  /** known tokens in the text (Σ counts) */
  total: number;
}

/**
 * The paper's WMS tokens: rouge tokens with NLTK stems, English stop words removed after stemming.
 * Another language (docs/metrics.md#tokenizers): its unicode tokens without its stop words
 * (stopwords-iso, removed before stemming: the lists are written words), then Snowball stems.
 */
export function tokenizeForWms(text: string, language = 'en'): string[] {
  if (language === 'en') return tokenize(text, { tokenizer: 'rouge', stem: true }).filter((t) => !ENGLISH_STOP_WORDS.has(t));
  const stopWords = stopWordsFor(language);
  const tokens: string[] = [];
  scanUnicodeTokens(text, language, (token) => {
    if (!stopWords.has(token)) tokens.push(stemUnicodeToken(token, language));
  });
  return tokens;
}

export function buildWordBag(tokens: readonly string[], lookup: WordVectorLookup): WordBag {
  const index = new Map<string, number>();
  const bag: WordBag = { words: [], vectors: [], counts: [], total: 0 };
  for (const token of tokens) {
    let k = index.get(token);
    if (k === undefined) {
      const vector = lookup.vector(token);
      if (!vector) continue;
      k = bag.words.length;
      index.set(token, k);
      bag.words.push(token);
      bag.vectors.push(vector);
      bag.counts.push(0);
    }
    bag.counts[k]! += 1;
    bag.total += 1;
  }
  return bag;
}

function euclidean(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d += 1) {
    const diff = a[d]! - b[d]!;
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}

/** WMD between two bags; Infinity when either has no known word. */
export function computeWordMoversDistance(a: WordBag, b: WordBag): number {
  if (a.total === 0 || b.total === 0) return Infinity;
  const n = a.words.length;
  const m = b.words.length;
  const cost = new Float64Array(n * m);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < m; j += 1) cost[i * m + j] = euclidean(a.vectors[i]!, b.vectors[j]!);
  // Word i carries counts[i] / total of its text; scaling both sides by the other text's total
  // makes every amount an integer, so the transport solution is exact.
  const supplies = a.counts.map((c) => c * b.total);
  const demands = b.counts.map((c) => c * a.total);
  return solveTransport(supplies, demands, cost).cost / (a.total * b.total);
}

/** WMS = 1 − WMD / 2 in [0, 1]; 0 when a text has no known word. Never NaN. */
export function computeWms(a: WordBag, b: WordBag): number {
  const distance = computeWordMoversDistance(a, b);
  if (!Number.isFinite(distance)) return 0;
  return Math.min(1, Math.max(0, 1 - distance / 2));
}
