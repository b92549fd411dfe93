/**
 * The measures' tokenizer for corpora in other languages (language-tokenize.ts), and that English
 * keeps the paper's tokenizer: measureOptionsForLanguage('en') is the paper's options object, so
 * every English check (tokenize.test.ts, measures.test.ts, rouge.test.ts …) covers it unchanged.
 */
import { describe, expect, it } from 'vitest';
import {
  computeMeasures,
  measureOptionsForLanguage,
  PAPER_MEASURE_OPTIONS,
  resolveMeasureOptions,
} from '@/lib/measures/measures';
import { describeMeasureTokenizer, foldCase, measureTokenizerId, stopWordsFor } from '@/lib/measures/language-tokenize';
import { createTokenIds, TokenInterner } from '@/lib/measures/token-ids';
import { tokenize, type TokenizeOptions } from '@/lib/measures/tokenize';
import { tokenizeForWms } from '@/lib/measures/word-movers';

const unicode = (language: string, stem = true): TokenizeOptions => ({ tokenizer: 'unicode', stem, language });

/** The hot path's tokens, read back as strings through a fresh interner. */
function internedTokens(text: string, options: TokenizeOptions): number {
  const interner = new TokenInterner(options);
  return interner.tokenizeInto(text, createTokenIds()).length;
}

describe('unicode tokenizer', () => {
  it('Spanish: accents stay inside tokens, Snowball Spanish stems', () => {
    const question = '¿Qué organización dirige Yaser Arafat?';
    expect(tokenize(question, { tokenizer: 'rouge', stem: false })).toEqual([
      'qu',
      'organizaci',
      'n',
      'dirige',
      'yaser',
      'arafat',
    ]);
    expect(tokenize(question, unicode('es', false))).toEqual(['qué', 'organización', 'dirige', 'yaser', 'arafat']);
    expect(tokenize(question, unicode('es'))).toEqual(['que', 'organiz', 'dirig', 'yas', 'arafat']);
  });

  it('NFC: a decomposed accent gives the same token as the composed one', () => {
    expect(tokenize('E\u0301xito', unicode('es', false))).toEqual(['éxito']);
    expect(tokenize('Éxito', unicode('es', false))).toEqual(['éxito']);
  });

  it('German: case-folded (ß → ss), Snowball German stems, digits are tokens', () => {
    expect(tokenize('Die STRASSE und die Straße, 2024', unicode('de', false))).toEqual([
      'die',
      'strasse',
      'und',
      'die',
      'strasse',
      '2024',
    ]);
    expect(tokenize('Die Brücken führten über den Rhein', unicode('de'))).toEqual([
      'die',
      'bruck',
      'fuhrt',
      'uber',
      'den',
      'rhein',
    ]);
  });

  it('Greek: letters of any script, final sigma folded, no stemmer (snowball-stemmers has none for Greek)', () => {
    expect(tokenize('Η ΓΈΦΥΡΑ ενώνει τις δύο πόλεις.', unicode('el'))).toEqual(['η', 'γέφυρα', 'ενώνει', 'τισ', 'δύο', 'πόλεισ']);
    expect(foldCase('ΟΔΟΣ')).toBe(foldCase('οδος'));
  });

  it('Japanese: words cut by Intl.Segmenter, punctuation dropped', () => {
    expect(tokenize('東京タワーは高い塔です。', unicode('ja'))).toEqual(['東京タワー', 'は', '高い', '塔', 'です']);
  });

  it('the id-based hot path gives as many tokens as the string tokenizer', () => {
    for (const [text, language] of [
      ['¿Qué organización dirige Yaser Arafat?', 'es'],
      ['Die Brücken führten über den Rhein', 'de'],
      ['東京タワーは高い塔です。', 'ja'],
    ] as const) {
      expect(internedTokens(text, unicode(language))).toBe(tokenize(text, unicode(language)).length);
    }
  });
});

describe('measures by language', () => {
  it('English keeps the paper’s options object, so its measures stay bit-identical', () => {
    expect(measureOptionsForLanguage('en')).toBe(PAPER_MEASURE_OPTIONS);
    const a = 'A man is playing a guitar on stage.';
    const b = 'On stage, a man plays the guitar.';
    expect(computeMeasures(a, b, measureOptionsForLanguage('en'))).toEqual(computeMeasures(a, b));
  });

  it('Spanish: shared stems count as matches (organización/organizaciones), rouge-score would split them', () => {
    const a = 'La organización que dirige Yaser Arafat';
    const b = 'Organizaciones que dirigió Arafat';
    const es = computeMeasures(a, b, measureOptionsForLanguage('es'));
    // tokens: la organiz que dirig yas arafat / organ que dirig arafat — Snowball: organizaciones → organ
    expect(es.tokenCountA).toBe(6);
    expect(es.tokenCountB).toBe(4);
    const en = computeMeasures(a, b);
    expect(en.tokenCountA).toBe(7); // organizaci + n
    // thesis measures stay unstemmed: "que" and "arafat" are the shared words
    expect(es.sumo).not.toBeNull();
  });

  it('the recorded tokenizer names', () => {
    expect(measureTokenizerId('en')).toBe('rouge-score');
    expect(measureTokenizerId('es')).toBe('unicode+snowball-es');
    expect(measureTokenizerId('el')).toBe('unicode-el');
    expect(measureTokenizerId('ja')).toBe('intl-segmenter-ja');
    expect(describeMeasureTokenizer('unicode+snowball-es')).toContain('Snowball Spanish');
    expect(describeMeasureTokenizer('rouge-score')).toContain('English');
  });

  it('resolveMeasureOptions: unicode needs a language', () => {
    expect(() => resolveMeasureOptions({ tokenizer: 'unicode' })).toThrow(RangeError);
    expect(resolveMeasureOptions({ tokenizer: 'unicode', language: 'es' }).language).toBe('es');
  });
});

describe('WMS tokens by language', () => {
  it('English: the paper’s (NLTK stop words removed from Porter stems)', () => {
    expect(tokenizeForWms('The dogs were running')).toEqual(['dog', 'run']);
  });

  it('Spanish: stopwords-iso’s Spanish list removed, then Snowball stems', () => {
    expect(stopWordsFor('es').has('que')).toBe(true);
    expect(tokenizeForWms('La organización que dirige Yaser Arafat', 'es')).toEqual(['organiz', 'dirig', 'yas', 'arafat']);
  });
});
