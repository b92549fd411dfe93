/**
 * Classifies one cleaned caption for the caption filters (Table 3 rows 4-5): its word count, whether
 * every sentence passes the Table 4 rules (gold) and whether it contains a verb (silver). Tags come
 * from a `Tagger`; the default is wink-pos-tagger (MIT), which miner-design.md §4 measured closest
 * to gold Penn tags on finite verbs among the npm taggers (no Stanford tagger runs here).
 * Tagging is skipped for captions under the word minimum: they never reach those rules.
 */
import { MIN_CAPTION_WORDS } from '../mining-options';
import { hasVerb, isSentenceByRules } from './sentence-rules';
import { splitSentences, tokenize, wordTokens } from './caption-tokenizer';

/** Penn Treebank tags for a sentence's tokens, one per token; a function of the tokens alone. */
export interface Tagger {
  (tokens: string[]): string[];
  /** A shortcut that may answer true only when tagging these tokens surely gives a verb tag. */
  surelyHasVerb?: (tokens: readonly string[]) => boolean;
}

export interface CaptionClass {
  words: number;
  isSentence: boolean;
  hasVerb: boolean;
}

export function classifyCaption(text: string, tagger: Tagger, fixed: boolean): CaptionClass {
  const tokens = tokenize(text);
  const words = wordTokens(tokens, fixed);
  if (words.length < MIN_CAPTION_WORDS) return { words: words.length, isSentence: false, hasVerb: false };
  let sentence = true;
  let last: { tokens: string[]; tags: string[] } | null = null;
  for (const part of splitSentences(tokens)) {
    if (wordTokens(part, fixed).length === 0) continue;
    last = { tokens: part, tags: tagger(part) };
    if (!isSentenceByRules(last.tags, fixed)) {
      sentence = false;
      break;
    }
  }
  // VerbHeuristic tags the word tokens only (the tokenizer already dropped punctuation). A tagger
  // is a function of its tokens, so a sentence that is exactly those words is not tagged twice.
  const verb =
    last !== null && sameTokens(last.tokens, words)
      ? hasVerb(last.tags)
      : tagger.surelyHasVerb?.(words) === true || hasVerb(tagger(words));
  return { words: words.length, isSentence: sentence, hasVerb: verb };
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
