/**
 * The backup archive on disk: a POSIX ustar file (lib/backup/backup-manifest.ts says what is in it),
 * written member by member while each is hashed, and read back by its headers alone (no member is
 * loaded whole). Sizes past ustar's 8 GiB use the base-256 size field GNU tar and bsdtar read.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { BackupMember } from '@/lib/backup/backup-manifest';

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function writeSize(header: Buffer, size: number): void {
  if (size <= MAX_OCTAL_SIZE) return writeOctal(header, 124, 12, size);
  header[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function readSize(header: Buffer): number {
  if ((header[124]! & 0x80) !== 0) {
    let value = 0n;
    for (let i = 125; i < 136; i++) value = (value << 8n) | BigInt(header[i]!);
    return Number(value);
  }
  return parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
}

/** A ustar header for a regular file; names longer than 100 bytes are split into prefix and name at a slash. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`member name too long for tar: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  header.write(base, 0, 100, 'utf8');
  writeOctal(header, 100, 8, 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeSize(header, size);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(' ', 148, 156);
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes members one after another into an open file; `finish` adds tar's two empty blocks and syncs. */
export class TarWriter {
  private position = 0;
  private constructor(private readonly file: FileHandle) {}

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  private async write(buffer: Buffer): Promise<void> {
    await this.file.write(buffer, 0, buffer.length, this.position);
    this.position += buffer.length;
  }

  /** Copies a file in as `name`, hashing it on the way; its size is read first (the file must not change meanwhile). */
  async addFile(name: string, source: string): Promise<BackupMember> {
    const input = await open(source, 'r');
    try {
      const { size, mtime } = await input.stat();
      await this.write(tarHeader(name, size, mtime));
      const hash = createHash('sha256');
      let copied = 0;
      for await (const chunk of input.createReadStream({ highWaterMark: 1 << 20, autoClose: false }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        await this.write(chunk);
        copied += chunk.length;
      }
      if (copied !== size) throw new Error(`${source} changed while it was copied into the backup`);
      await this.write(Buffer.alloc(padding(size)));
      return { name, bytes: size, sha256: hash.digest('hex') };
    } finally {
      await input.close();
    }
  }

  async addBuffer(name: string, content: Buffer, mtime = new Date()): Promise<BackupMember> {
    await this.write(tarHeader(name, content.length, mtime));
    await this.write(content);
    await this.write(Buffer.alloc(padding(content.length)));
    return { name, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  async finish(): Promise<number> {
    await this.write(Buffer.alloc(2 * BLOCK));
    await this.file.sync();
    await this.file.close();
    return this.position;
  }

  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}

export interface TarEntry {
  name: string;
  /** where the member's bytes start in the archive */
  offset: number;
  size: number;
}

/** The members of a tar file, from their headers; throws on a header whose checksum is wrong or a file cut short. */
export async function readTarIndex(path: string): Promise<TarEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size: total } = await file.stat();
    const entries: TarEntry[] = [];
    const header = Buffer.alloc(BLOCK);
    let position = 0;
    while (position + BLOCK <= total) {
      await file.read(header, 0, BLOCK, position);
      if (header.every((b) => b === 0)) return entries;
      const stored = parseInt(header.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
      if (stored !== sum) throw new Error(`not a tar archive, or damaged at byte ${position}`);
      const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const prefix = header.toString('utf8', 345, 500).replace(/\0.*$/s, '');
      const size = readSize(header);
      const type = String.fromCharCode(header[156]!);
      position += BLOCK;
      if (position + size > total) throw new Error(`the archive is cut short (member ${name} needs ${size} bytes)`);
      if (type === '0' || type === '\0') entries.push({ name: prefix ? `${prefix}/${name}` : name, offset: position, size });
      position += size + padding(size);
    }
    throw new Error('the archive is cut short (no end-of-archive blocks)');
  } finally {
    await file.close();
  }
}

export function memberStream(path: string, entry: TarEntry) {
  return createReadStream(
    path,
    entry.size === 0 ? { start: 1, end: 0 } : { start: entry.offset, end: entry.offset + entry.size - 1 },
  );
}

export async function hashMember(path: string, entry: TarEntry): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of memberStream(path, entry) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

export async function readMemberText(path: string, entry: TarEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of memberStream(path, entry) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function extractMember(path: string, entry: TarEntry, destination: string): Promise<void> {
  await pipeline(memberStream(path, entry), createWriteStream(destination, { flags: 'wx', mode: 0o600 }));
}
