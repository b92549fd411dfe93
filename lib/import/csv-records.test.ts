import { describe, expect, it } from 'vitest';
import { CsvRecordReader, type CsvResult } from './csv-records';
import type { Line } from './read-lines';

function read(text: string, maxRecordLines?: number): CsvResult[] {
  const reader = new CsvRecordReader(maxRecordLines ? { maxRecordLines } : {});
  const out: CsvResult[] = [];
  text.split('\n').forEach((t, i) => reader.push({ lineNumber: i + 1, text: t }, out));
  reader.finish(out);
  return out;
}

const fields = (results: CsvResult[]): string[][] => results.flatMap((r) => (r.ok ? [r.record.fields] : []));

// Expected values follow RFC 4180 §2 and, where it is silent, Python 3 csv.reader with the default
// dialect (strict=False), e.g. list(csv.reader(['a"b,c'])) == [['a"b', 'c']].
describe('CsvRecordReader (RFC 4180, Python csv default dialect)', () => {
  it('splits plain and quoted fields; "" inside quotes is one quote', () => {
    expect(fields(read('a,b,c\n"x, y","say ""hi""",z'))).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'z'],
    ]);
  });

  it('keeps empty fields, including a quoted empty field and a trailing one', () => {
    expect(fields(read('a,,c\n"",b,'))).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('reads a record whose quoted field spans lines and reports its first line', () => {
    const results = read('h1,h2\n"first line\nsecond line\n\nfourth",x\nnext,row');
    expect(results.map((r) => (r.ok ? r.record.lineNumber : -1))).toEqual([1, 2, 6]);
    const second = results[1];
    expect(second?.ok && second.record.fields).toEqual(['first line\nsecond line\n\nfourth', 'x']);
    expect(second?.ok && second.record.raw).toBe('"first line\nsecond line\n\nfourth",x');
  });

  it('treats a quote inside an unquoted field as text, like Python (a"b -> a"b)', () => {
    expect(fields(read('a"b,c\nTony Blairs "mistakes",x'))).toEqual([
      ['a"b', 'c'],
      ['Tony Blairs "mistakes"', 'x'],
    ]);
  });

  it('appends text that follows a closing quote, like Python ("ab"cd -> abcd)', () => {
    expect(fields(read('"ab"cd,e'))).toEqual([['abcd', 'e']]);
  });

  it('skips blank lines between records but keeps blank lines inside quoted fields', () => {
    const results = read('a,b\n\n   \n"x\n\ny",z');
    expect(fields(results)).toEqual([
      ['a', 'b'],
      ['x\n\ny', 'z'],
    ]);
    expect(results[1]?.ok && results[1].record.lineNumber).toBe(4);
  });

  it('rejects an unclosed quote at the end of the file on its first line and re-reads the lines after it', () => {
    const results = read('a,b\n"broken,x\nc,d\ne,f');
    expect(results[0]?.ok).toBe(true);
    const error = results[1];
    expect(error?.ok).toBe(false);
    expect(!error?.ok && error?.error).toMatchObject({ lineNumber: 2, raw: '"broken,x' });
    expect(!error?.ok && error?.error.message).toMatch(/not closed before the end of the file/);
    expect(fields(results.slice(2))).toEqual([
      ['c', 'd'],
      ['e', 'f'],
    ]);
    expect(results.slice(2).map((r) => r.ok && r.record.lineNumber)).toEqual([3, 4]);
  });

  it('gives up on a quoted field open for maxRecordLines lines and resumes after its first line', () => {
    const results = read('"stray,1\na,2\nb,3\nc,4\nd,5', 3);
    expect(!results[0]?.ok && results[0]?.error.lineNumber).toBe(1);
    expect(!results[0]?.ok && results[0]?.error.message).toMatch(/still open after 3 lines/);
    expect(fields(results.slice(1))).toEqual([
      ['a', '2'],
      ['b', '3'],
      ['c', '4'],
      ['d', '5'],
    ]);
  });

  it('rejects a record holding a line that could not be decoded', () => {
    const reader = new CsvRecordReader();
    const out: CsvResult[] = [];
    const bad: Line = { lineNumber: 1, text: 'caf\uFFFD,x', problem: 'invalid-encoding' };
    reader.push(bad, out);
    expect(!out[0]?.ok && out[0]?.error.message).toMatch(/not valid in the file encoding/);
  });

  it('supports another delimiter (tab) with quoting on', () => {
    const reader = new CsvRecordReader({ delimiter: '\t' });
    const out: CsvResult[] = [];
    reader.push({ lineNumber: 1, text: '"a\tb"\tc' }, out);
    expect(fields(out)).toEqual([['a\tb', 'c']]);
  });
});
