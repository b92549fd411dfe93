import { describe, expect, it } from 'vitest';
import { inlineParameters, sqlLiteral, unescapeCopyValue } from './copy-text';
import { splitCopyLine } from './testing/line-reference';

describe('COPY text format', () => {
  it('splits on tabs, reads \\N as null and undoes the escapes COPY TO writes (PostgreSQL docs, Text Format)', () => {
    expect(splitCopyLine('1\t\\N\ta\\tb\\nc\\\\d\t')).toEqual(['1', null, 'a\tb\nc\\d', '']);
    expect(unescapeCopyValue('\\r\\b\\f\\v')).toBe('\r\b\f\v');
    expect(splitCopyLine('{"k": "a\\\\"b"}')).toEqual(['{"k": "a\\"b"}']);
  });
});

describe('SQL literals for COPY', () => {
  it('quotes strings (standard conforming: backslashes are plain), numbers, arrays, null', () => {
    expect(sqlLiteral("O'Brien \\ %")).toBe("'O''Brien \\ %'");
    expect(sqlLiteral(0.5)).toBe('0.5');
    expect(sqlLiteral([1, 2])).toBe("'{1,2}'");
    expect(sqlLiteral(['a"b', "c'd", 'e\\f'])).toBe(`'{"a\\"b","c''d","e\\\\f"}'`);
    expect(sqlLiteral(null)).toBe('NULL');
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });
  it('replaces every placeholder, $10 not read as $1', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParameters('a = $1 AND b = $10::int', params)).toBe('a = 1 AND b = 10::int');
    expect(() => inlineParameters('$2', [1])).toThrow(/no parameter/);
  });
});
