import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isBinaryHead, NotTextFileError } from './text-check';
import { bytesOf, encodeUtf16, importText, streamOf } from './test-support';
import { openImportStream } from './open-import-stream';

// A PNG's first bytes: signature, IHDR chunk (with NUL bytes), as an image renamed .tsv starts.
const PNG_HEAD = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0,
]);

describe('isBinaryHead', () => {
  it('takes text in UTF-8, UTF-16 (with and without a byte-order mark) and a Latin-1 file with a few accents as text', () => {
    expect(isBinaryHead(bytesOf('sentence1\tsentence2\nA dog runs.\tA dog is running.\n'), true)).toBe(false);
    expect(isBinaryHead(encodeUtf16('id\ttext_a\ttext_b\n1\tUn perro corre.\tUn perro está corriendo.\n', 'le'), true)).toBe(
      false,
    );
    expect(isBinaryHead(encodeUtf16('QID\tCategory\tHighlighted\tAnnotator\n', 'be', false), true)).toBe(false);
    const latin1 = Buffer.from(
      'a\tb\nEl ni\u00f1o corre.\tEl ni\u00f1o est\u00e1 corriendo r\u00e1pido por el parque.\n',
      'latin1',
    );
    expect(isBinaryHead(latin1, true)).toBe(false);
    expect(isBinaryHead(bytesOf('a,b\n"A literal \uFFFD stays text",b\n'), true)).toBe(false);
    expect(isBinaryHead(new Uint8Array(0), true)).toBe(false);
  });

  it('refuses NUL bytes, random bytes and control characters', () => {
    expect(isBinaryHead(PNG_HEAD, false)).toBe(true);
    expect(isBinaryHead(bytesOf('a\tb\nA dog\u0000 runs.\tA dog is running.\n'), true)).toBe(true);
    // Random bytes without a single NUL: undecodable sequences and control characters give them away.
    const random = randomBytes(4096).map((b) => (b === 0 ? 1 : b));
    expect(isBinaryHead(random, false)).toBe(true);
    expect(isBinaryHead(bytesOf('\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008 abc'), true)).toBe(true);
  });

  it('does not count a multi-byte character cut at the end of an incomplete head', () => {
    const text = bytesOf('a\tb\nCaf\u00e9 au lait.\tUn caf\u00e9.\n'.repeat(3) + '\u00e9');
    expect(isBinaryHead(text.subarray(0, text.length - 1), false)).toBe(false);
  });
});

describe('openImportStream on a file that is not text', () => {
  it('stops before the first record with "this is not a text file", with or without a format', async () => {
    for (const format of [undefined, 'tsv']) {
      const source = streamOf(Uint8Array.from([...PNG_HEAD, ...randomBytes(2000)]));
      const opened = openImportStream(source, { fileName: 'pairs.tsv', ...(format ? { format } : {}) });
      await expect(opened).rejects.toThrow(NotTextFileError);
      await expect(openImportStream(streamOf(PNG_HEAD), { fileName: 'pairs.tsv' })).rejects.toThrow(
        /^pairs\.tsv: this is not a text file/,
      );
    }
  });

  it('still reads a text file with one undecodable byte, reporting it on its line', async () => {
    const bytes = Buffer.concat([
      Buffer.from('sentence1\tsentence2\nA dog runs.\tA dog is running.\n'),
      Buffer.from([0x41, 0xff, 0x09, 0x42, 0x0a]),
    ]);
    const result = await importText(bytes, { fileName: 'pairs.tsv' });
    expect(result.records).toHaveLength(1);
    expect(result.errors.map((e) => [e.lineNumber, e.message])).toEqual([
      [3, 'text is not valid in the file encoding (bytes that cannot be decoded; save the file as UTF-8)'],
    ]);
  });
});
