/**
 * The default Tagger: wink-pos-tagger 2.2 (MIT; Penn Treebank tags, its own 13 MB lexicon, no
 * downloads). Tokens made only of punctuation get a punctuation tag, so that a dash or quote the
 * tagger guessed as a noun cannot take part in a rule; parentheses are -LRB-/-RRB- as in CoreNLP.
 */
import posTagger from 'wink-pos-tagger';
import type { Tagger } from './caption-classifier';

const PUNCTUATION = /^[^\p{L}\p{N}]+$/u;
const KEPT = new Set(['-LRB-', '-RRB-', '.', ',', ':', '``', "''", '$', '#']);

export function createWinkTagger(): Tagger {
  const tagger = posTagger();
  return (tokens) =>
    tagger.tagRawTokens(tokens).map((t, i) => {
      const token = tokens[i]!;
      if (token === '(' || token === '[' || token === '{') return '-LRB-';
      if (token === ')' || token === ']' || token === '}') return '-RRB-';
      return PUNCTUATION.test(token) && !KEPT.has(t.pos) ? ':' : t.pos;
    });
}
