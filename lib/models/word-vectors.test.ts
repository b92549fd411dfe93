/** Reading fastText .vec and GloVe .txt word vectors, with a vocabulary filter and clear errors. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWordVectors } from '@/lib/models/word-vectors';

let dir: string;
const file = async (name: string, content: string) => {
  const p = path.join(dir, name);
  await writeFile(p, content);
  return p;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-vectors-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadWordVectors', () => {
  it('reads a .vec file with its header and scales vectors to unit length', async () => {
    const vectors = await loadWordVectors(await file('a.vec', '3 2\nrabbit 3 4 \nbunny 0 -2\nrabbit 1 0\n'));
    expect(vectors.dimension).toBe(2);
    expect(vectors.fileWords).toBe(3);
    expect(Array.from(vectors.vector('rabbit')!)).toEqual([0.6, 0.8].map(Math.fround)); // first occurrence wins
    expect(Array.from(vectors.vector('bunny')!)).toEqual([0, -1]);
    expect(vectors.vector('hare')).toBeUndefined();
  });

  it('reads GloVe text (no header) and keeps only the vocabulary asked for', async () => {
    const vectors = await loadWordVectors(
      await file('g.txt', 'the 1 0 0\ncat 0 1 0\ndog 0 0 2\n'),
      new Set(['dog', 'cat', 'mouse']),
    );
    expect(vectors.dimension).toBe(3);
    expect(vectors.size).toBe(2);
    expect(vectors.vector('the')).toBeUndefined();
    expect(Array.from(vectors.vector('dog')!)).toEqual([0, 0, 1]);
  });

  it('names the file and line of a malformed vector', async () => {
    const bad = await file('bad.vec', '2 3\ncat 1 2 3\ndog 1 2\n');
    await expect(loadWordVectors(bad)).rejects.toThrow(`${bad} line 3: expected 3 numbers, found 2`);
    await expect(loadWordVectors(await file('nan.vec', 'cat 1 x 3\n'))).rejects.toThrow('line 1: "x" is not a number');
    await expect(loadWordVectors(await file('empty.vec', '0 300\n'))).rejects.toThrow('holds no word vectors');
    // a binary file fails on its first lines even when none of its words is wanted
    await expect(
      loadWordVectors(await file('binary.vec', '\u0000\u0001\u0002 \u00ff\u00fe\n'), new Set(['cat'])),
    ).rejects.toThrow(/line 1/);
  });
});
