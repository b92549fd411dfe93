import { describe, expect, it } from 'vitest';
import { corroborated, detectCorpusLanguage, detectTextLanguage } from './detect';

describe('corpus language detection (tinyld)', () => {
  it.each([
    ['organización que dirige yaser arafat', 'es'],
    ['Der Hund läuft schnell über die Straße und bellt laut.', 'de'],
    ['Ο σκύλος τρέχει γρήγορα στο δρόμο και γαβγίζει.', 'el'],
    ['犬が道を速く走っています。', 'ja'],
    ['The dog runs quickly down the street and barks.', 'en'],
  ])('%s → %s', (text, language) => {
    expect(detectTextLanguage(text)).toBe(language);
  });

  it('judges the texts together: short statements that alone say little give their language', () => {
    const texts = [
      'transbordador espacial estadounidense',
      'moneda griega',
      'países que forman la OTAN actualmente',
      '42',
      'murió stalin',
    ];
    expect(texts.map(detectTextLanguage)).not.toEqual(['es', 'es', 'es', '', 'es']); // one by one they mislead
    expect(detectCorpusLanguage(texts)).toEqual({ language: 'es', texts: 4 });
  });

  it('a joint guess other than English stands only when the texts one by one back it as often as English', () => {
    // tinyld takes some samples of short English tweets, all together, for Lithuanian or Irish (PIT-2015 dev)
    const tweets = [
      'That amber alert scared me',
      'I wish these amber alerts would stop',
      'Pray for the amber alert kid',
      'I hate the amber alert sound',
    ];
    expect(corroborated('lt', tweets)).toBe('en');
    const spanish = ['organización que dirige yaser arafat', 'murió stalin', 'polvo para fotocopiadoras', 'OLP'];
    expect(corroborated('es', spanish)).toBe('es');
    expect(detectCorpusLanguage(spanish).language).toBe('es');
  });

  it('gives no language without a text that holds a letter', () => {
    expect(detectCorpusLanguage(['42', ':-)'])).toEqual({ language: null, texts: 0 });
  });
});
