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
/** word-pair similarities kept (ordered pairs; cleared when full: about 100 MB) */
const PAIR_CACHE_LIMIT = 2_000_000;
/** word ids are below 2^26, so an ordered pair of them is one exact double key */
const PAIR_KEY = 2 ** 26;

/** The distinct content words of a text, in order of first appearance. */
export function contentWords(text: string): string[] {
  const words = new Set<string>();
  scanTokens(text, 'rouge', (token) => {
    if (!ENGLISH_STOP_WORDS.has(token)) words.add(token);
  });
  return [...words];
}

/** A text prepared for the measure: its content words as word ids (WordNetSimilarity.prepare). */
export type WordIds = Int32Array;

export class WordNetSimilarity {
  readonly wuPalmer: WuPalmer;
  /**
   * Every word met gets an id, with its noun and verb synsets looked up once; a word with no
   * synsets in either class has null (it matches only itself). Ids are never reused, so prepared
   * texts stay valid for the life of the object.
   */
  private readonly ids = new Map<string, number>();
  private readonly senses: Array<Record<WordNetPos, readonly number[]> | null> = [];
  private readonly wordPairs = new Map<number, number>();

  constructor(private readonly wordnet: WordNet) {
    this.wuPalmer = new WuPalmer(wordnet);
  }

  private idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.senses.length;
      if (id >= PAIR_KEY) throw new RangeError(`more than ${PAIR_KEY} distinct words`);
      const n = this.wordnet.synsets(word, 'n');
      const v = this.wordnet.synsets(word, 'v');
      this.senses.push(n.length > 0 || v.length > 0 ? { n, v } : null);
      this.ids.set(word, id);
    }
    return id;
  }

  /** The content words of a text as word ids (contentWords order). */
  prepare(text: string): WordIds {
    return this.idsOf(contentWords(text));
  }

  idsOf(words: readonly string[]): WordIds {
    return Int32Array.from(words, (w) => this.idOf(w));
  }

  /** Best Wu-Palmer similarity over two word ids' noun pairs and verb pairs; 1 for the same word. */
  private similarityOfIds(a: number, b: number): number {
    if (a === b) return 1;
    const sa = this.senses[a];
    const sb = this.senses[b];
    if (!sa || !sb) return 0;
    const key = a * PAIR_KEY + b;
    const cached = this.wordPairs.get(key);
    if (cached !== undefined) return cached;
    let best = 0;
    for (const pos of POS_CLASSES) {
      for (const x of sa[pos]) {
        for (const y of sb[pos]) {
          const value = this.wuPalmer.similarity(x, y) ?? 0;
          if (value > best) best = value;
        }
      }
    }
    if (this.wordPairs.size >= PAIR_CACHE_LIMIT) this.wordPairs.clear();
    this.wordPairs.set(key, best);
    return best;
  }

  /** Best Wu-Palmer similarity over the two words' noun pairs and verb pairs; 1 for the same word. */
  wordSimilarity(a: string, b: string): number {
    return a === b ? 1 : this.similarityOfIds(this.idOf(a), this.idOf(b));
  }

  private directed(from: WordIds, to: WordIds): number {
    let sum = 0;
    for (const w of from) {
      let best = 0;
      for (const v of to) {
        best = Math.max(best, this.similarityOfIds(w, v));
        if (best === 1) break;
      }
      sum += best;
    }
    return sum / from.length;
  }

  /** sim(T1, T2) of two prepared texts (prepare); 0 when either has no content word. */
  similarityOf(a: WordIds, b: WordIds): number {
    if (a.length === 0 || b.length === 0) return 0;
    return (this.directed(a, b) + this.directed(b, a)) / 2;
  }

  /** sim(T1, T2) of two texts' content words (contentWords); 0 when either has none. */
  similarity(a: readonly string[], b: readonly string[]): number {
    return this.similarityOf(this.idsOf(a), this.idsOf(b));
  }

  /** sim of two raw texts. */
  compareTexts(a: string, b: string): number {
    return this.similarityOf(this.prepare(a), this.prepare(b));
  }
}
