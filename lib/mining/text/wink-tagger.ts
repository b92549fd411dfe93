/**
 * The default Tagger: wink-pos-tagger 2.2 (MIT; Penn Treebank tags, its own 13 MB lexicon, no
 * downloads; miner-design.md §4). Two adjustments on top of its output:
 * - tokens made only of punctuation get a punctuation tag (a dash or quote guessed as a noun must
 *   not take part in a rule); parentheses are -LRB-/-RRB- as in CoreNLP;
 * - wink lists VBN before VBD for ambiguous past forms (`paid`, `brought`, `burned`) and keeps VBN
 *   after a subject, so "The council paid for the tower" had no finite verb. Such a word becomes
 *   VBD when it directly follows a noun or pronoun, no auxiliary (be, have, get) or finite verb comes
 *   before it in the sentence, and no `by` follows (an agent marks the reduced passive, "a church
 *   built by monks").
 */
import posTagger from 'wink-pos-tagger';
import lexicon from 'wink-lexicon/src/lexicon.js';
import type { Tagger } from './caption-classifier';

const PUNCTUATION = /^[^\p{L}\p{N}]+$/u;
const KEPT = new Set(['-LRB-', '-RRB-', '.', ',', ':', '``', "''", '$', '#']);
const SUBJECT = new Set(['NN', 'NNS', 'NNP', 'NNPS', 'PRP']);
const FINITE_OR_MODAL = new Set(['VBD', 'VBZ', 'VBP', 'MD']);
const AUXILIARY = /^(?:be|am|is|are|was|were|been|being|'s|'re|'m|have|has|had|having|'ve|'d|get|gets|got|gotten|getting)$/i;

function canBePast(word: string): boolean {
  const entry = (lexicon as Record<string, string[] | undefined>)[word.toLowerCase()];
  return Array.isArray(entry) && entry.includes('VBD');
}

function preferPast(tokens: readonly string[], tags: string[]): string[] {
  for (let i = 1; i < tags.length; i++) {
    if (tags[i] !== 'VBN' || !SUBJECT.has(tags[i - 1]!) || tokens[i + 1]?.toLowerCase() === 'by' || !canBePast(tokens[i]!)) continue;
    let blocked = false;
    for (let j = 0; j < i && !blocked; j++) blocked = FINITE_OR_MODAL.has(tags[j]!) || AUXILIARY.test(tokens[j]!);
    if (!blocked) tags[i] = 'VBD';
  }
  return tags;
}

export function createWinkTagger(): Tagger {
  const tagger = posTagger();
  return (tokens) => {
    const tags = tagger.tagRawTokens(tokens).map((t, i) => {
      const token = tokens[i]!;
      if (token === '(' || token === '[' || token === '{') return '-LRB-';
      if (token === ')' || token === ']' || token === '}') return '-RRB-';
      return PUNCTUATION.test(token) && !KEPT.has(t.pos) ? ':' : t.pos;
    });
    return preferPast(tokens, tags);
  };
}
