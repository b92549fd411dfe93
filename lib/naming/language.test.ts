import { describe, expect, it } from 'vitest';
import { isLanguageCode, languageName } from './language';

describe('corpus language codes', () => {
  it('accepts two-letter ISO 639-1 codes the runtime knows, and names them', () => {
    expect(['en', 'es', 'de', 'el', 'ja'].map(isLanguageCode)).toEqual([true, true, true, true, true]);
    expect(languageName('es')).toBe('Spanish');
    expect(languageName('el')).toBe('Greek');
  });
  it('refuses other spellings and unknown codes', () => {
    expect(['ES', 'spa', 'e', 'es-ES', 'qq', ''].map(isLanguageCode)).toEqual([false, false, false, false, false, false]);
  });
});
