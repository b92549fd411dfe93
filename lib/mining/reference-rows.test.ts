import { describe, expect, it } from 'vitest';
import { decodeReferenceRow, encodeReferenceRow, type ReferenceRow } from './reference-rows';

const row: ReferenceRow = {
  pageId: 42,
  title: 'Tab\tand back\\slash',
  imageKey: 'File:A_b.jpg',
  caption: { text: 'A caption with\nnewline', words: 4, isSentence: false, hasVerb: true, fold: null, norm: null },
  alt: { text: '', words: 0, isSentence: false, hasVerb: false, fold: null, norm: null },
};

describe('reference rows (COPY text format)', () => {
  it('round-trips every field, escaping tabs, newlines and backslashes', () => {
    const line = encodeReferenceRow(row);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1).split('\n')).toHaveLength(1);
    expect(line).toBe(
      '42\tTab\\tand back\\\\slash\tFile:A_b.jpg\tA caption with\\nnewline\t4\tf\tt\t\\N\t\\N\t\t0\tf\tf\t\\N\t\\N\n',
    );
    expect(decodeReferenceRow(line.slice(0, -1))).toEqual(row);
    expect(decodeReferenceRow(encodeReferenceRow({ ...row, caption: null, alt: null }).slice(0, -1))).toEqual({
      ...row,
      caption: null,
      alt: null,
    });
  });

  it('says what is wrong with a bad line', () => {
    expect(decodeReferenceRow('1\t2')).toBe('expected 15 tab-separated fields, found 2');
    expect(decodeReferenceRow(encodeReferenceRow(row).replace('42', 'x').slice(0, -1))).toBe('page id "x" is not a number');
    expect(decodeReferenceRow(encodeReferenceRow(row).replace('\t4\tf\tt', '\tfour\tf\tt').slice(0, -1))).toBe(
      'caption: word count "four" is not a number',
    );
  });
});
