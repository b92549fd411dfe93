import { describe, expect, it } from 'vitest';
import { chooseChunkBytes, IndexReader, planChunks } from './multistream-index';

function read(text: string) {
  const reader = new IndexReader('index.txt');
  for (let i = 0; i < text.length; i += 7) reader.push(text.slice(i, i + 7));
  return reader.finish();
}

describe('multistream index', () => {
  const index = '600:10:AccessibleComputing\n600:12:Anarchism\n900:13:AfghanistanHistory\n1500:14:A:B:C\n1500:15:X';

  it('turns lines into streams with their page counts, whatever the read boundaries', () => {
    expect(read(index)).toEqual([
      { offset: 600, pages: 2 },
      { offset: 900, pages: 1 },
      { offset: 1500, pages: 2 },
    ]);
  });

  it('groups streams into chunks that end at stream boundaries; the last runs to the end of the file', () => {
    const streams = read(index);
    expect(planChunks(streams, 2000, 1)).toEqual([
      { index: 0, start: 600, end: 900, pages: 2 },
      { index: 1, start: 900, end: 1500, pages: 1 },
      { index: 2, start: 1500, end: 2000, pages: 2 },
    ]);
    expect(planChunks(streams, 2000, 800)).toEqual([
      { index: 0, start: 600, end: 1500, pages: 3 },
      { index: 1, start: 1500, end: 2000, pages: 2 },
    ]);
  });

  it("tapers: chunks shrink to half a worker's share of what is left, down to 1 MiB", () => {
    const mb = 1 << 20;
    const streams = Array.from({ length: 100 }, (_, i) => ({ offset: i * mb, pages: 100 }));
    const sizes = (taper: number) => planChunks(streams, 100 * mb, 10 * mb, taper).map((c) => (c.end - c.start) / mb);
    expect(sizes(0)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(sizes(2)).toEqual([10, 10, 10, 10, 10, 10, 10, 8, 6, 4, 3, 3, 2, 1, 1, 1, 1]);
    expect(sizes(2).reduce((a, b) => a + b)).toBe(100);
  });

  it('names the line of a malformed or out-of-order entry', () => {
    expect(() => read('600:1:A\nnot an index line\n')).toThrow(
      'index.txt line 2: expected "offset:pageId:title", found "not an index line"',
    );
    expect(() => read('900:1:A\n600:2:B\n')).toThrow('index.txt line 2: offset 600 is smaller than the one before (900)');
    expect(() => read('\n')).toThrow('index.txt: the index lists no pages');
  });

  it('refuses a line that never ends (a damaged file or a bomb of zeros) before holding it whole', () => {
    const reader = new IndexReader('index.txt');
    reader.push('600:1:A\n');
    const zeros = '\0'.repeat(1 << 20);
    expect(() => reader.push(zeros)).toThrow('index.txt line 2: longer than 65,536 characters: this is not a multistream index');
  });

  it('chooses chunks of 1-32 MB, about four per worker', () => {
    expect(chooseChunkBytes(85e6, 2)).toBe(10_625_000);
    expect(chooseChunkBytes(20e9, 2)).toBe(32 << 20);
    expect(chooseChunkBytes(1000, 2)).toBe(1 << 20);
  });
});
