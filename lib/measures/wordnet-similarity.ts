/**
 * Knowledge-based text similarity after Mihalcea, Corley & Strapparava (AAAI 2006, eq. 1) with
 * Wu-Palmer word similarity (lib/measures/wu-palmer.ts) on WordNet (lib/measures/wordnet.ts):
 *
 *   sim(T1, T2) = ½ · ( Σ_{w∈T1} maxSim(w, T2) / |T1| + Σ_{w∈T2} maxSim(w, T1) / |T2| )
 *
 * Choices where the paper leaves room or relies on resources we do not have:
 * - words: the lower-cased [a-z0-9] tokens of the rouge tokenizer, unstemmed (WordNet wants
 *   lemmas; morphy finds them), NLTK English stop words removed, each distinct word once;
 * - every word weighs 1: the paper's idf weights came from the British National Corpus;
 * - no part-of-speech tagger: a word is compared as a noun with nouns and as a verb with verbs
 *   (the paper's "within the same part of speech"), and the best of the two counts;
 * - identical words score 1; a word without noun or verb synsets (names, numbers, adjectives)
 *   matches only itself (the paper's lexical matching for other word classes);
 * - a text with no content word (only stop words or punctuation) gives 0, like WMS.
 * The result lies in [0, 1] and is never NaN.
 */
import { ENGLISH_STOP_WORDS } from '@/lib/measures/stopwords';
import { scanTokens } from '@/lib/measures/tokenize';
import type { WordNet, WordNetPos } from '@/lib/measures/wordnet';
import { WuPalmer } from '@/lib/measures/wu-palmer';

const POS_CLASSES: readonly WordNetPos[] = ['n', 'v'];
const CACHE_LIMIT = 1_000_000;

/** The distinct content words of a text, in order of first appearance. */
export function contentWords(text: string): string[] {
  const words = new Set<string>();
  scanTokens(text, 'rouge', (token) => {
    if (!ENGLISH_STOP_WORDS.has(token)) words.add(token);
  });
  return [...words];
}

export class WordNetSimilarity {
  readonly wuPalmer: WuPalmer;
  private readonly senses = new Map<string, Record<WordNetPos, number[]>>();
  private readonly wordPairs = new Map<string, number>();

  constructor(private readonly wordnet: WordNet) {
    this.wuPalmer = new WuPalmer(wordnet);
  }

  private sensesOf(word: string): Record<WordNetPos, number[]> {
    let senses = this.senses.get(word);
    if (!senses) {
      senses = { n: this.wordnet.synsets(word, 'n'), v: this.wordnet.synsets(word, 'v') };
      if (this.senses.size >= CACHE_LIMIT) this.senses.clear();
      this.senses.set(word, senses);
    }
    return senses;
  }

  /** Best Wu-Palmer similarity over the two words' noun pairs and verb pairs; 1 for the same word. */
  wordSimilarity(a: string, b: string): number {
    if (a === b) return 1;
    const key = `${a} ${b}`;
    const cached = this.wordPairs.get(key);
    if (cached !== undefined) return cached;
    const sa = this.sensesOf(a);
    const sb = this.sensesOf(b);
    let best = 0;
    for (const pos of POS_CLASSES) {
      for (const x of sa[pos]) {
        for (const y of sb[pos]) {
          const value = this.wuPalmer.similarity(x, y) ?? 0;
          if (value > best) best = value;
        }
      }
    }
    if (this.wordPairs.size >= CACHE_LIMIT) this.wordPairs.clear();
    this.wordPairs.set(key, best);
    return best;
  }

  private directed(from: readonly string[], to: readonly string[]): number {
    let sum = 0;
    for (const w of from) {
      let best = 0;
      for (const v of to) {
        best = Math.max(best, this.wordSimilarity(w, v));
        if (best === 1) break;
      }
      sum += best;
    }
    return sum / from.length;
  }

  /** sim(T1, T2) of two texts' content words (contentWords); 0 when either has none. */
  similarity(a: readonly string[], b: readonly string[]): number {
    if (a.length === 0 || b.length === 0) return 0;
    return (this.directed(a, b) + this.directed(b, a)) / 2;
  }

  /** sim of two raw texts. */
  compareTexts(a: string, b: string): number {
    return this.similarity(contentWords(a), contentWords(b));
  }
}
