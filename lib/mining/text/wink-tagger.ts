/**
 * The default Tagger: wink-pos-tagger 2.2 (MIT; Penn Treebank tags, its own 13 MB lexicon, no
 * downloads; miner-design.md §4), run through `wink-tagging.ts` (wink's steps and data, same tags,
 * faster). Two adjustments on top of its output:
 * - tokens made only of punctuation get a punctuation tag (a dash or quote guessed as a noun must
 *   not take part in a rule); parentheses are -LRB-/-RRB- as in CoreNLP;
 * - wink lists VBN before VBD for ambiguous past forms (`paid`, `brought`, `burned`) and keeps VBN
 *   after a subject, so "The council paid for the tower" had no finite verb. Such a word becomes
 *   VBD when it directly follows a noun or pronoun, no auxiliary (be, have, get) or finite verb comes
 *   before it in the sentence, and no `by` follows (an agent marks the reduced passive, "a church
 *   built by monks").
 *
 * `surelyHasVerb` spares the silver rule's second tagging of a caption (about a third of them) when
 * a word settles it: wink gives a word token a tag from its lexicon entry (its context rules only
 * choose among the entry's tags, each for the token itself, wink-pos-tagger 2.2 rules-engine.js),
 * a lower-case ASCII word is a word token whose normal form is itself and is no year, and the
 * adjustments above turn a verb tag only into another verb tag; so a lower-case word whose entry
 * holds verb tags only (`is`, `was`, `has`, `shown`) is tagged a verb in any sentence.
 */
import lexicon from 'wink-lexicon/src/lexicon.js';
import type { Tagger } from './caption-classifier';
import { createWinkTagging } from './wink-tagging';

const PUNCTUATION = /^[^\p{L}\p{N}]+$/u;
const KEPT = new Set(['-LRB-', '-RRB-', '.', ',', ':', '``', "''", '$', '#']);
const SUBJECT = new Set(['NN', 'NNS', 'NNP', 'NNPS', 'PRP']);
const FINITE_OR_MODAL = new Set(['VBD', 'VBZ', 'VBP', 'MD']);
const LOWER_ASCII_WORD = /^[a-z]+$/;
const AUXILIARY = /^(?:be|am|is|are|was|were|been|being|'s|'re|'m|have|has|had|having|'ve|'d|get|gets|got|gotten|getting)$/i;

function canBePast(word: string): boolean {
  const entry = (lexicon as Record<string, string[] | undefined>)[word.toLowerCase()];
  return Array.isArray(entry) && entry.includes('VBD');
}

function preferPast(tokens: readonly string[], tags: string[]): string[] {
  for (let i = 1; i < tags.length; i++) {
    if (tags[i] !== 'VBN' || !SUBJECT.has(tags[i - 1]!) || tokens[i + 1]?.toLowerCase() === 'by' || !canBePast(tokens[i]!))
      continue;
    let blocked = false;
    for (let j = 0; j < i && !blocked; j++) blocked = FINITE_OR_MODAL.has(tags[j]!) || AUXILIARY.test(tokens[j]!);
    if (!blocked) tags[i] = 'VBD';
  }
  return tags;
}

function surelyHasVerb(tokens: readonly string[]): boolean {
  for (const token of tokens) {
    if (!LOWER_ASCII_WORD.test(token)) continue;
    const entry = (lexicon as Record<string, string[] | undefined>)[token];
    if (Array.isArray(entry) && entry.length > 0 && entry.every((tag) => tag.startsWith('VB'))) return true;
  }
  return false;
}

export function createWinkTagger(): Tagger {
  const tagging = createWinkTagging();
  const tag: Tagger = (tokens) => {
    const tags = tagging(tokens).map((pos, i) => {
      const token = tokens[i]!;
      if (token === '(' || token === '[' || token === '{') return '-LRB-';
      if (token === ')' || token === ']' || token === '}') return '-RRB-';
      return PUNCTUATION.test(token) && !KEPT.has(pos) ? ':' : pos;
    });
    return preferPast(tokens, tags);
  };
  tag.surelyHasVerb = surelyHasVerb;
  return tag;
}
