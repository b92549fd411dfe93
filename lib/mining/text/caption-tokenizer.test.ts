import { describe, expect, it } from 'vitest';
import { countWords, splitSentences, tokenize } from './caption-tokenizer';

describe('tokenize (PTB-like, hyphenated words whole)', () => {
  it('keeps hyphenated words, abbreviations, initials and numbers whole', () => {
    expect(tokenize('The state-of-the-art U.S. ship, built c. 1896 in the 19th-century style (1,000 tons).')).toEqual([
      'The',
      'state-of-the-art',
      'U.S.',
      'ship',
      ',',
      'built',
      'c.',
      '1896',
      'in',
      'the',
      '19th-century',
      'style',
      '(',
      '1,000',
      'tons',
      ')',
      '.',
    ]);
    expect(tokenize('J. R. R. Tolkien met Dr. Smith.')).toEqual(['J.', 'R.', 'R.', 'Tolkien', 'met', 'Dr.', 'Smith', '.']);
  });

  it('splits clitics as the treebank does, but keeps names with an apostrophe', () => {
    expect(tokenize("It's O'Brien's boat; they don't sail")).toEqual([
      'It',
      "'s",
      "O'Brien",
      "'s",
      'boat',
      ';',
      'they',
      'do',
      "n't",
      'sail',
    ]);
  });

  it('counts words without punctuation-only tokens (paper: ASCII \\W; fixed: Unicode)', () => {
    expect(countWords('A view — of the "old" town, 1907.', false)).toBe(7);
    expect(countWords('Blick auf die Straße in München', false)).toBe(6);
    expect(countWords('Ελληνικά και αγγλικά', false)).toBe(0);
    expect(countWords('Ελληνικά και αγγλικά', true)).toBe(3);
  });
});

describe('splitSentences', () => {
  it('ends a sentence at . ! ? and keeps closing quotes with it', () => {
    const sentences = splitSentences(tokenize('He said "Stop!" Then he left. A dog'));
    expect(sentences.map((s) => s.join(' '))).toEqual(['He said " Stop ! "', 'Then he left .', 'A dog']);
  });
});
