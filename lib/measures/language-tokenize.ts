/**
 * The measures' tokenizer for corpora that are not in English (docs/metrics.md#tokenizers).
 * English corpora keep the paper's rouge-score tokenizer (tokenize.ts) exactly. Every other
 * language gets a Unicode tokenizer:
 * - the text is NFC-normalised and case-folded (lower case, then final sigma "ς" → "σ" and
 *   "ß" → "ss", as Python's str.casefold does);
 * - a token is a run of Unicode letters, digits and combining marks (\p{L}\p{N}\p{M}), so accents
 *   stay: "organización" is one token, not rouge-score's "organizaci" + "n";
 * - Japanese, Chinese, Thai, Lao, Khmer and Burmese write no spaces between words: their texts are
 *   first cut into words by `Intl.Segmenter` (word granularity, Node's ICU dictionaries), and only
 *   its word-like segments are kept, then the same letter/digit runs apply;
 * - where the English measures stem (ROUGE, BLEU, WMS), tokens get the language's Snowball stemmer
 *   (npm `snowball-stemmers`, 23 languages); a language without one keeps its tokens unstemmed;
 * - where the English measures remove stop words (WMS only), the language's list of npm
 *   `stopwords-iso` is removed, from the unstemmed tokens (its lists are written words).
 * Pure: no database.
 */
import snowball from 'snowball-stemmers';
import stopwordsIso from 'stopwords-iso';

/** ISO 639-1 code → snowball-stemmers algorithm. */
const SNOWBALL_ALGORITHMS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  nl: 'dutch',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  hu: 'hungarian',
  it: 'italian',
  ga: 'irish',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  es: 'spanish',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

/** Languages written without spaces between words: cut by Intl.Segmenter first. */
const SEGMENTED_LANGUAGES: ReadonlySet<string> = new Set(['ja', 'zh', 'th', 'lo', 'km', 'my']);

/** The tokenizer of English corpora: the paper's, bit for bit. */
export const ENGLISH_TOKENIZER_ID = 'rouge-score';

export function hasSnowballStemmer(language: string): boolean {
  return Object.hasOwn(SNOWBALL_ALGORITHMS, language);
}

export function isSegmentedLanguage(language: string): boolean {
  return SEGMENTED_LANGUAGES.has(language);
}

/**
 * The name recorded for the tokenizer the measures of a corpus in `language` use:
 * `rouge-score` (English), `unicode+snowball-es`, `unicode-el` (no stemmer),
 * `intl-segmenter-ja`.
 */
export function measureTokenizerId(language: string): string {
  if (language === 'en') return ENGLISH_TOKENIZER_ID;
  if (isSegmentedLanguage(language)) return `intl-segmenter-${language}`;
  return hasSnowballStemmer(language) ? `unicode+snowball-${language}` : `unicode-${language}`;
}

/** The language a recorded tokenizer id is for ('en' for rouge-score). */
export function languageOfTokenizer(id: string): string {
  return id === ENGLISH_TOKENIZER_ID ? 'en' : (/-([a-z]{2})$/.exec(id)?.[1] ?? 'en');
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A sentence for readers: what the recorded tokenizer does. */
export function describeMeasureTokenizer(id: string): string {
  if (id === ENGLISH_TOKENIZER_ID)
    return "the paper's English tokenizer (rouge-score): lower-cased [a-z0-9] runs, NLTK Porter stems";
  const segmented = /^intl-segmenter-([a-z]{2})$/.exec(id);
  if (segmented) return `Intl.Segmenter words (${segmented[1]}), case-folded, no stemmer`;
  const stemmed = /^unicode\+snowball-([a-z]{2})$/.exec(id);
  if (stemmed)
    return `Unicode letters and digits, case-folded, Snowball ${capitalize(SNOWBALL_ALGORITHMS[stemmed[1]!] ?? stemmed[1]!)} stems`;
  const plain = /^unicode-([a-z]{2})$/.exec(id);
  if (plain) return `Unicode letters and digits, case-folded, no stemmer for ${plain[1]}`;
  return id;
}

/** NFC, lower case, and the two folds lower-casing misses (final sigma, sharp s). */
export function foldCase(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/ς/g, 'σ').replace(/ß/g, 'ss').normalize('NFC');
}

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/** Calls `emit` with each raw (case-folded, unstemmed) token of `text` in `language`. */
export function scanUnicodeTokens(text: string, language: string, emit: (token: string) => void): void {
  const folded = foldCase(text);
  if (isSegmentedLanguage(language)) {
    for (const segment of segmenterFor(language).segment(folded)) {
      if (!segment.isWordLike) continue;
      for (const match of segment.segment.matchAll(WORD_RUN)) emit(match[0]);
    }
    return;
  }
  for (const match of folded.matchAll(WORD_RUN)) emit(match[0]);
}

/** Stems are cached per language; a cache is dropped when it reaches this size. */
const STEM_CACHE_LIMIT = 200_000;
const stemmers = new Map<string, { stem: (word: string) => string; cache: Map<string, string> }>();

/** The Snowball stem of a folded token (the token itself when the language has no stemmer). */
export function stemUnicodeToken(token: string, language: string): string {
  const algorithm = SNOWBALL_ALGORITHMS[language];
  if (algorithm === undefined) return token;
  let entry = stemmers.get(language);
  if (!entry) {
    const stemmer = snowball.newStemmer(algorithm);
    entry = { stem: (word) => stemmer.stem(word), cache: new Map() };
    stemmers.set(language, entry);
  }
  const cached = entry.cache.get(token);
  if (cached !== undefined) return cached;
  if (entry.cache.size >= STEM_CACHE_LIMIT) entry.cache.clear();
  const stem = entry.stem(token);
  entry.cache.set(token, stem);
  return stem;
}

const stopWordSets = new Map<string, ReadonlySet<string>>();

/** The language's stop words (stopwords-iso), case-folded; empty when it has no list. */
export function stopWordsFor(language: string): ReadonlySet<string> {
  let set = stopWordSets.get(language);
  if (!set) {
    const list = (stopwordsIso as Record<string, readonly string[] | undefined>)[language] ?? [];
    set = new Set(list.map(foldCase));
    stopWordSets.set(language, set);
  }
  return set;
}
