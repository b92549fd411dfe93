/**
 * Tokenizers. Expected tokens come from rouge-score's tokenize_test.py
 * (google-research rouge/tokenize_test.py) and from running rouge-score 0.0.4's
 * `tokenize.tokenize` logic with NLTK 3.8's PorterStemmer and Python 3.11's str.split()
 * (Debian packages) on the inputs below. The id-based tokenizer of the hot path
 * (token-ids.ts) must produce the same token sequence.
 */
import { describe, expect, it } from 'vitest';
import { createTokenIds, TokenInterner } from '@/lib/measures/token-ids';
import { tokenize, type TokenizeOptions } from '@/lib/measures/tokenize';

const ROUGE_NO_STEM: TokenizeOptions = { tokenizer: 'rouge', stem: false };
const ROUGE: TokenizeOptions = { tokenizer: 'rouge', stem: true };
const WHITESPACE: TokenizeOptions = { tokenizer: 'whitespace', stem: false };

describe('tokenize', () => {
  it('rouge-score tokenize_test: lower-cases and splits on any whitespace', () => {
    expect(tokenize('one Two three', ROUGE_NO_STEM)).toEqual(['one', 'two', 'three']);
    expect(tokenize('one\n Two \nthree', ROUGE_NO_STEM)).toEqual(['one', 'two', 'three']);
  });

  it('rouge tokenizer with NLTK stems on tokens longer than 3 characters', () => {
    expect(tokenize('The dogs were running; cats ran, 1990s-style!', ROUGE)).toEqual([
      'the',
      'dog',
      'were',
      'run',
      'cat',
      'ran',
      '1990',
      'style',
    ]);
  });

  it('non-ASCII: only "İ" and the Kelvin sign lower-case into [a-z0-9], as in Python', () => {
    expect(tokenize('İstanbul \u212Aelvin café naïve 3×4', ROUGE)).toEqual([
      'i',
      'stanbul',
      'kelvin',
      'caf',
      'na',
      've',
      '3',
      '4',
    ]);
  });

  it("whitespace tokenizer is Python's str.split(): its whitespace set, case kept", () => {
    expect(tokenize('a\x1cb\u00a0c\ufeffd e\u2028f\x85g', WHITESPACE)).toEqual(['a', 'b', 'c\ufeffd', 'e', 'f', 'g']);
    expect(tokenize('  The  Cat ', WHITESPACE)).toEqual(['The', 'Cat']);
    expect(tokenize('', WHITESPACE)).toEqual([]);
  });

  it("whitespace tokenizer with stemming applies NLTK's stem(), which lower-cases", () => {
    expect(tokenize('The Dogs are Running, News!', { tokenizer: 'whitespace', stem: true })).toEqual([
      'The',
      'dog',
      'are',
      'running,',
      'news!',
    ]);
  });

  it('the id tokenizer of the hot path yields the same tokens', () => {
    const texts = [
      'The dogs were running; cats ran, 1990s-style!',
      'İstanbul \u212Aelvin café naïve 3×4 İİ',
      'a\x1cb\u00a0c\ufeffd e\u2028f\x85g The THE the',
      '',
      '  ...  ',
    ];
    for (const options of [ROUGE, ROUGE_NO_STEM, WHITESPACE, { tokenizer: 'whitespace', stem: true } as const]) {
      const interner = new TokenInterner(options);
      const names = new Map<number, string>();
      for (const text of texts) {
        const expected = tokenize(text, options);
        const ids = interner.tokenizeInto(text, createTokenIds(1));
        expect(ids.length).toBe(expected.length);
        // Equal tokens get equal ids and different tokens different ids.
        expected.forEach((token, i) => {
          const id = ids.ids[i]!;
          expect(names.get(id) ?? token).toBe(token);
          names.set(id, token);
        });
        // The thesis's tokens: unstemmed and lower-cased.
        const plain = tokenize(text, { tokenizer: options.tokenizer, stem: false }).map((t) => t.toLowerCase());
        plain.forEach((token, i) => {
          const id = ids.plain[i]!;
          expect(names.get(id) ?? token).toBe(token);
          names.set(id, token);
        });
      }
      expect(new Set(names.values()).size).toBe(names.size);
    }
  });
});
