/**
 * Word vectors from a text file for WMS: fastText .vec ("count dimension" header, then one
 * "word v1 … vD" line per word; the paper used wiki-news-300d-1M-subword) or GloVe .txt (no
 * header). The file is streamed once; with a vocabulary given, only those words are kept (a
 * corpus needs a few ten thousand of the million vectors). Vectors are scaled to unit length as
 * gensim's wmdistance does; the first occurrence of a repeated word wins, as in gensim.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { WordVectorLookup } from '@/lib/measures/word-movers';

export interface LoadedWordVectors extends WordVectorLookup {
  /** words kept */
  readonly size: number;
  /** words in the file */
  readonly fileWords: number;
}

class MapWordVectors implements LoadedWordVectors {
  constructor(
    private readonly vectors: Map<string, Float32Array>,
    readonly dimension: number,
    readonly fileWords: number,
  ) {}

  get size(): number {
    return this.vectors.size;
  }

  vector(word: string): Float32Array | undefined {
    return this.vectors.get(word);
  }
}

const CHECKED_LINES = 1000;

function parseVector(line: string, from: number, dimension: number, where: string): Float32Array {
  const parts = line.slice(from).trim().split(/\s+/);
  if (parts.length !== dimension) throw new Error(`${where}: expected ${dimension} numbers, found ${parts.length}`);
  const values = new Float64Array(dimension);
  let norm = 0;
  for (let d = 0; d < dimension; d += 1) {
    const x = Number(parts[d]);
    if (!Number.isFinite(x)) throw new Error(`${where}: "${parts[d]}" is not a number`);
    values[d] = x;
    norm += x * x;
  }
  const vector = new Float32Array(dimension);
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let d = 0; d < dimension; d += 1) vector[d] = values[d]! * scale;
  }
  return vector;
}

/** Reads `file`; keeps only `vocabulary` when given. Throws with the line number on a malformed line. */
export async function loadWordVectors(file: string, vocabulary: ReadonlySet<string> | null = null): Promise<LoadedWordVectors> {
  const vectors = new Map<string, Float32Array>();
  let dimension = 0;
  let lineNumber = 0;
  let fileWords = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const space = line.indexOf(' ');
    const where = `${file} line ${lineNumber}`;
    if (lineNumber === 1 && /^\s*\d+\s+\d+\s*$/.test(line)) {
      dimension = Number(line.trim().split(/\s+/)[1]);
      if (dimension < 1) throw new Error(`${where}: the header gives no dimension`);
      continue;
    }
    if (space <= 0) throw new Error(`${where}: expected "word v1 v2 …"`);
    if (dimension === 0) dimension = line.slice(space).trim().split(/\s+/).length;
    fileWords += 1;
    const word = line.slice(0, space);
    const wanted = !vectors.has(word) && (!vocabulary || vocabulary.has(word));
    // Lines of unwanted words are skipped unparsed, except the first ones: a file that is not a
    // vector table (binary, another format) fails at once instead of loading nothing.
    if (wanted || fileWords <= CHECKED_LINES) {
      const vector = parseVector(line, space, dimension, where);
      if (wanted) vectors.set(word, vector);
    }
  }
  if (fileWords === 0) throw new Error(`${file} holds no word vectors`);
  return new MapWordVectors(vectors, dimension, fileWords);
}
