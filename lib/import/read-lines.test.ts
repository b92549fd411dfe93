import { describe, expect, it } from 'vitest';
import { detectEncoding } from './decode-text';
import { readLines, type Line } from './read-lines';
import { bytesOf, encodeUtf16, streamOf } from './test-support';

async function lines(input: string | Uint8Array, chunkSize?: number, maxLineLength?: number): Promise<Line[]> {
  const out: Line[] = [];
  for await (const line of readLines(streamOf(input, chunkSize), maxLineLength ? { maxLineLength } : {})) out.push(line);
  return out;
}

const texts = (ls: Line[]): string[] => ls.map((l) => l.text);

describe('detectEncoding (Unicode byte-order marks, Unicode Standard §23.8)', () => {
  it('recognises the UTF-8, UTF-16 LE and UTF-16 BE marks', () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ encoding: 'utf-8', bomLength: 3 });
    expect(detectEncoding(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(detectEncoding(new Uint8Array([0xfe, 0xff, 0, 0x41]))).toEqual({ encoding: 'utf-16be', bomLength: 2 });
    expect(detectEncoding(bytesOf('plain text'))).toEqual({ encoding: 'utf-8', bomLength: 0 });
  });

  it('recognises UTF-16 without a mark from its NUL bytes', () => {
    expect(detectEncoding(encodeUtf16('QID\tCategory\tHighlighted', 'le', false)).encoding).toBe('utf-16le');
    expect(detectEncoding(encodeUtf16('QID\tCategory\tHighlighted', 'be', false)).encoding).toBe('utf-16be');
    expect(detectEncoding(encodeUtf16('ab', 'le', false)).encoding).toBe('utf-8'); // too short to tell
  });
});

describe('readLines', () => {
  it('numbers physical lines from 1 and handles LF, CRLF and a missing final newline', async () => {
    expect(texts(await lines('a\nb\r\nc'))).toEqual(['a', 'b', 'c']);
    expect((await lines('a\nb\r\nc')).map((l) => l.lineNumber)).toEqual([1, 2, 3]);
    expect(texts(await lines('a\r\nb\r\n'))).toEqual(['a', 'b']);
  });

  it('keeps blank lines, so line numbers stay physical', async () => {
    const ls = await lines('a\r\n\r\nb\n\nc\n');
    expect(texts(ls)).toEqual(['a', '', 'b', '', 'c']);
    expect(ls[4]?.lineNumber).toBe(5);
  });

  it('yields nothing for an empty file and one empty line for a lone newline', async () => {
    expect(await lines('')).toEqual([]);
    expect(texts(await lines('\n'))).toEqual(['']);
  });

  it('strips a UTF-8 BOM (MSRPC: the BOM sits on the header word Quality)', async () => {
    const ls = await lines(new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf('Quality\t#1 ID\r\n1\t2\r\n')]));
    expect(texts(ls)).toEqual(['Quality\t#1 ID', '1\t2']);
  });

  it('decodes UTF-16 LE and BE with BOM, also when every chunk is 1 byte', async () => {
    const text = 'QID\tCategory\r\nCNN-1\tParaphrase é ü 😀\r\n';
    for (const endian of ['le', 'be'] as const) {
      expect(texts(await lines(encodeUtf16(text, endian)))).toEqual(['QID\tCategory', 'CNN-1\tParaphrase é ü 😀']);
      expect(texts(await lines(encodeUtf16(text, endian), 1))).toEqual(['QID\tCategory', 'CNN-1\tParaphrase é ü 😀']);
    }
  });

  it('joins multi-byte UTF-8 characters and CRLF pairs split across chunks', async () => {
    const text = 'Köroğlu — “quoted” €\r\nSchießhüttenäcker\r\nend';
    for (const size of [1, 2, 3, 5, 7]) {
      const ls = await lines(text, size);
      expect(texts(ls)).toEqual(['Köroğlu — “quoted” €', 'Schießhüttenäcker', 'end']);
      expect(ls.every((l) => l.problem === undefined)).toBe(true);
    }
  });

  it('reads CR-only (classic Mac) line ends when the file has no LF', async () => {
    expect(texts(await lines('a\rb\rc'))).toEqual(['a', 'b', 'c']);
  });

  it('flags lines with bytes that are not UTF-8, and only those', async () => {
    const bytes = new Uint8Array([...bytesOf('good\n'), 0x63, 0x61, 0x66, 0xe9, 0x0a, ...bytesOf('fine\n')]); // Latin-1 "café"
    for (const size of [1, 4, 64]) {
      const ls = await lines(bytes, size);
      expect(ls.map((l) => l.problem)).toEqual([undefined, 'invalid-encoding', undefined]);
    }
  });

  it('does not flag a real U+FFFD character that was validly encoded', async () => {
    const ls = await lines('replacement \uFFFD char\nnext\n', 2);
    expect(ls.map((l) => l.problem)).toEqual([undefined, undefined]);
    expect(ls[0]?.text).toBe('replacement \uFFFD char');
  });

  it('cuts a line longer than maxLineLength, flags it and goes on with the next line', async () => {
    const long = 'x'.repeat(500);
    const ls = await lines(`short\n${long}\nafter\n`, 16, 100);
    expect(ls.map((l) => [l.lineNumber, l.problem])).toEqual([
      [1, undefined],
      [2, 'too-long'],
      [3, undefined],
    ]);
    expect(ls[1]?.text.length).toBeLessThanOrEqual(200);
    expect(ls[2]?.text).toBe('after');
  });
});
