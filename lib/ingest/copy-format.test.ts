import { describe, expect, it } from 'vitest';
import { copyBoolean, copyJson, copyNumber, copyText, copyWordArray } from './copy-format';

// PostgreSQL docs, COPY "Text Format": backslash escapes for \\, \t, \n, \r; NULL is \N.
describe('COPY text format', () => {
  it('escapes backslash, tab, newline and carriage return, and nothing else', () => {
    expect(copyText('plain “quoted” text')).toBe('plain “quoted” text');
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
  });

  it('writes null as \\N', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyNumber(null)).toBe('\\N');
    expect(copyNumber(Number.NaN)).toBe('\\N');
    expect(copyBoolean(undefined)).toBe('\\N');
  });

  it('writes numbers, booleans and word arrays', () => {
    expect(copyNumber(0.5)).toBe('0.5');
    expect(copyBoolean(true)).toBe('t');
    expect(copyWordArray(['wms', 'st'])).toBe('{wms,st}');
    expect(copyWordArray([])).toBe('{}');
  });

  it('turns a NUL escape in JSON into U+FFFD (jsonb refuses \\u0000) but keeps the literal text "\\u0000"', () => {
    expect(copyJson({ note: 'a\u0000b' })).toBe('{"note":"a\\\\ufffdb"}');
    expect(copyJson({ note: 'literal \\u0000' })).toBe('{"note":"literal \\\\\\\\u0000"}');
  });
});
