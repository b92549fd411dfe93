import { describe, expect, it } from 'vitest';
import { BracketPairs } from './bracket-pairs';

function all(text: string): number[] {
  const found: number[] = [];
  const pairs = new BracketPairs(text);
  for (let at = pairs.advance(); at !== -1; at = pairs.advance()) found.push(at);
  return found;
}

/** The reference: a global regular expression's leftmost, non-overlapping matches. */
const byRegExp = (text: string) => [...text.matchAll(/\[\[|\]\]|\{\{|\}\}/g)].map((m) => m.index);

describe('BracketPairs', () => {
  it('finds the pairs a global regular expression finds, overlaps and runs included', () => {
    for (const text of [
      '',
      'plain',
      '[[a]]',
      '[[[x]]]',
      '{{{{}}}}',
      ']]]][[[[',
      '[[File:A.jpg|{{b|[[c]]}}]] }}}',
      '[{[{]}]}',
      '[[]]{{}}',
    ]) {
      expect(all(text), text).toEqual(byRegExp(text));
    }
  });

  it('agrees with the regular expression on random bracket texts', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => '[]{}x|'[Math.floor(random() * 6)]).join('');
      expect(all(text), text).toEqual(byRegExp(text));
    }
  });
});
