/**
 * Shared by the scoring jobs' database tests: a temporary folder with the tiny models the tests
 * write themselves, and a corpus of 8 caption pairs over 6 distinct texts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { getDb } from '@/lib/db/client';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { makeCorpus, makePairs, type PairSpec } from '@/prisma/factories/corpora';

/** A temporary folder (`dir()`) holding the tiny models in `models()`, made before the file's tests and removed after them. */
export function withTinyModels(): { dir: () => string; models: () => string } {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'paralens-scoring-'));
    await writeTinyModelFolder(path.join(dir, 'models'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, models: () => path.join(dir, 'models') };
}

// Three captions of one image and three of another: 6 distinct texts, 8 pairs (texts recur).
export const captions = [
  'An Easter postcard from 1907 depicting a rabbit.',
  'A 1907 postcard featuring the Easter Bunny.',
  'Easter greetings with a rabbit, 1907.',
  'Troops clearing rubble after the May air raid on Belfast.',
  'Soldiers clearing rubble after the May air raid on Belfast.',
  'Belfast after the air raid of May 1941.',
];
export const pairSpecs: PairSpec[] = [
  [0, 1],
  [0, 2],
  [1, 2],
  [3, 4],
  [3, 5],
  [4, 5],
  [0, 3],
  [2, 5],
].map(([a, b]) => ({ a: captions[a!]!, b: captions[b!]!, measures: { rouge1: 0.4, rougeL: 0.3, bleu: 0.2, syn: 0.3 } }));

export async function corpusWithPairs(specs = pairSpecs) {
  const db = getDb();
  const corpus = await makeCorpus(db);
  const ids = await makePairs(db, corpus.id, specs);
  return { corpus, ids };
}

export const pairsOf = (corpusId: number) => getDb().pair.findMany({ where: { corpusId }, orderBy: { id: 'asc' } });
