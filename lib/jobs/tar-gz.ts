/**
 * Packs a few files into a .tar.gz (POSIX ustar, one 512-byte header per file, data padded to 512
 * bytes, two zero blocks at the end), streaming each file from disk: how a Hugging Face datasets
 * folder (README.md + data/train.jsonl) becomes one downloadable file without a dependency.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

const BLOCK = 512;

function writeField(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

/** Octal number, zero padded, NUL terminated, in `length` bytes. */
const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';

export function tarHeader(name: string, size: number, mtime: Date, mode = 0o644): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  writeField(header, 0, 100, name);
  writeField(header, 100, 8, octal(mode, 8));
  writeField(header, 108, 8, octal(0, 8));
  writeField(header, 116, 8, octal(0, 8));
  writeField(header, 124, 12, octal(size, 12));
  writeField(header, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  header.fill(' ', 148, 156);
  header.write('0', 156);
  writeField(header, 257, 6, 'ustar\0');
  writeField(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  writeField(header, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return header;
}

export interface TarEntry {
  /** path inside the archive */
  name: string;
  /** file on disk */
  file: string;
}

/** Writes `entries` as a gzipped tar to `target`. */
export async function writeTarGz(entries: readonly TarEntry[], target: string): Promise<void> {
  const tar = new PassThrough();
  const done = pipeline(tar, createGzip({ level: 6 }), createWriteStream(target, { mode: 0o600 }));
  for (const entry of entries) {
    const info = await stat(entry.file);
    tar.write(tarHeader(entry.name, info.size, info.mtime));
    for await (const chunk of createReadStream(entry.file)) {
      if (!tar.write(chunk)) await new Promise((resolve) => tar.once('drain', resolve));
    }
    const padding = (BLOCK - (info.size % BLOCK)) % BLOCK;
    if (padding > 0) tar.write(Buffer.alloc(padding));
  }
  tar.end(Buffer.alloc(BLOCK * 2));
  await done;
}
