/**
 * A Penn-Treebank-like tokenizer for captions, standing in for CoreNLP's PTBTokenizer with
 * `splitHyphenated=false` (the original's StanfordWordTokenizer, seed-code.md §4.6): hyphenated
 * words (`state-of-the-art`, `19th-century`), abbreviations and initials (`U.S.`, `Dr.`, `c.`),
 * numbers with separators (`1,000`, `3.5`) and names with an apostrophe (`O'Brien`) stay whole;
 * clitics split as in the treebank (`do` `n't`, `John` `'s`); every other punctuation mark is a
 * token of its own. Sentences end at `.`, `!` or `?` tokens (CoreNLP's DocumentPreprocessor).
 */

const ABBREVIATIONS =
  'Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|Gen|Col|Lt|Capt|Cpt|Sgt|Gov|Sen|Rep|Rev|Hon|Inc|Ltd|Co|Corp|Bros|vs|etc|No|no|Nos|Mt|Ft|ca|c|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|fig|Fig|vol|Vol|pp|p|ed|eds|est|ft|in|lb|oz|Ave|Blvd|Rd|Adm|Maj|Brig|Cmdr|Pres';

const LETTER = String.raw`[\p{L}\p{M}\p{N}]`;
const WORD_CHAR = String.raw`(?:(?![nN]['’][tT]\b)${LETTER})`;
const CLITIC = String.raw`(?:[nN]['’][tT]|['’](?:[sSdDmM]|re|RE|ve|VE|ll|LL))\b`;
const TOKEN = new RegExp(
  [
    String.raw`(?:\p{L}\.){2,}`, // U.S., e.g.
    String.raw`(?:${ABBREVIATIONS})\.(?=\s|$)`, // Dr., c.
    String.raw`\p{Lu}\.(?=\s\p{Lu})`, // initials: J. Smith
    String.raw`\p{N}+(?:[.,:/]\p{N}+)+`, // 1,000  3.5  12:30
    CLITIC,
    String.raw`${WORD_CHAR}+(?:(?!${CLITIC})['’]${LETTER}+)*(?:[-‐‑][\p{L}\p{M}\p{N}]+(?:(?!${CLITIC})['’]${LETTER}+)*)*`,
    String.raw`\.{2,}|-{2,}|\S`,
  ].join('|'),
  'gu',
);

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const ASCII_NON_WORD = /^[^A-Za-z0-9_]+$/;
const UNICODE_NON_WORD = /^[^\p{L}\p{N}_]+$/u;

/**
 * Word tokens for the ≥ 6 words filter: tokens made only of non-word characters are dropped
 * (paper: Java's ASCII `\W`, so a token of non-ASCII letters only counts as no word; fixed: Unicode).
 */
export function wordTokens(tokens: readonly string[], fixed: boolean): string[] {
  const nonWord = fixed ? UNICODE_NON_WORD : ASCII_NON_WORD;
  return tokens.filter((t) => !nonWord.test(t));
}

export function countWords(text: string, fixed: boolean): number {
  return wordTokens(tokenize(text), fixed).length;
}

const SENTENCE_END = /^(?:[.!?]+|\.{3})$/;
const CLOSERS = /^(?:["'”’»)\]])$/;

/** Sentences as token lists: a `.`/`!`/`?` token (with closing quotes or brackets after it) ends one. */
export function splitSentences(tokens: readonly string[]): string[][] {
  const sentences: string[][] = [];
  let current: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    current.push(tokens[i]!);
    if (SENTENCE_END.test(tokens[i]!)) {
      while (i + 1 < tokens.length && CLOSERS.test(tokens[i + 1]!)) current.push(tokens[++i]!);
      sentences.push(current);
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current);
  return sentences;
}
