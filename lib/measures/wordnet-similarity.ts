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
/** word ids are below 2^26 (as when pairs were keyed by one double) */
const MAX_WORDS = 2 ** 26;

/**
 * Similarities of ordered word-id pairs: an open-addressing hash table on typed arrays (a Map with
 * numeric keys boxed each key and spent a third of the time in lookups and garbage collection).
 * It doubles as it fills, up to 4 Mi slots (2 Mi pairs, 64 MB), then starts again empty.
 */
class PairCache {
  private static readonly MAX_BITS = 22;
  private bits = 16;
  private firsts = new Int32Array(1 << this.bits).fill(-1);
  private seconds = new Int32Array(1 << this.bits);
  private values = new Float64Array(1 << this.bits);
  private size = 0;

  private slot(a: number, b: number): number {
    const mask = (1 << this.bits) - 1;
    let k = Math.imul(Math.imul(a, 0x9e3779b1) ^ b, 0x85ebca6b) >>> (32 - this.bits);
    while (this.firsts[k] !== -1 && (this.firsts[k] !== a || this.seconds[k] !== b)) k = (k + 1) & mask;
    return k;
  }

  /** the similarity of (a, b), or -1 when not cached */
  get(a: number, b: number): number {
    const k = this.slot(a, b);
    return this.firsts[k] === -1 ? -1 : this.values[k]!;
  }

  set(a: number, b: number, value: number): void {
    if (2 * (this.size + 1) > 1 << this.bits) this.grow();
    const k = this.slot(a, b);
    if (this.firsts[k] === -1) this.size += 1;
    this.firsts[k] = a;
    this.seconds[k] = b;
    this.values[k] = value;
  }

  private grow(): void {
    const { firsts, seconds, values } = this;
    if (this.bits < PairCache.MAX_BITS) this.bits += 1;
    this.firsts = new Int32Array(1 << this.bits).fill(-1);
    this.seconds = new Int32Array(1 << this.bits);
    this.values = new Float64Array(1 << this.bits);
    this.size = 0;
    if (firsts.length === this.firsts.length) return; // full at the largest size: start again empty
    for (let k = 0; k < firsts.length; k += 1) if (firsts[k] !== -1) this.set(firsts[k]!, seconds[k]!, values[k]!);
  }
}

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
  private readonly wordPairs = new PairCache();
  /** scratch for raiseMaxima: best wup(a's, b's) and best wup(b's, a's) */
  private readonly best = new Float64Array(2);

  constructor(private readonly wordnet: WordNet) {
    this.wuPalmer = new WuPalmer(wordnet);
  }

  private idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.senses.length;
      if (id >= MAX_WORDS) throw new RangeError(`more than ${MAX_WORDS} distinct words`);
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

  /**
   * Best Wu-Palmer similarity over two word ids' noun pairs and verb pairs; 1 for the same word.
   * Wu-Palmer is not quite symmetric (wu-palmer.ts, compare), so (a, b) and (b, a) are cached
   * apart, but computed together: the text measure asks for both.
   */
  private similarityOfIds(a: number, b: number): number {
    if (a === b) return 1;
    const sa = this.senses[a];
    const sb = this.senses[b];
    if (!sa || !sb) return 0;
    const cached = this.wordPairs.get(a, b);
    if (cached >= 0) return cached;
    const best = this.best;
    best.fill(0);
    for (const pos of POS_CLASSES) this.wuPalmer.raiseMaxima(sa[pos], sb[pos], best);
    this.wordPairs.set(a, b, best[0]!);
    this.wordPairs.set(b, a, best[1]!);
    return best[0]!;
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
