/**
 * The two ways a compressed range is read (xml-source.ts): streamed through a pipe, or spooled into
 * an unlinked temporary file first. Both must hand the map the same bytes, fail with the same
 * message on damaged input, stop a range that expands beyond its limit (a decompression bomb), and
 * the spool must leave nothing behind in its folder.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWinkTagger } from '@/lib/mining/text/wink-tagger';
import { mapByteRange } from '@/lib/jobs/mining/map-xml';
import { compressBz2 } from '@/lib/jobs/mining/testing/multistream-fixture';
import { syntheticDump } from '@/lib/jobs/mining/testing/synthetic-pages';
import { ExpansionLimitError, readXmlBytes, spoolDirectory, spoolRange } from './xml-source';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-xml-source-'));
// A spool folder of this test's own: other test processes spooling at the same time cannot show up in it.
const spoolDir = mkdtempSync(path.join(dir, 'spool-'));
process.env.PARALENS_SPOOL_DIR = spoolDir;
afterAll(() => {
  delete process.env.PARALENS_SPOOL_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const xml = syntheticDump();
const dumpPath = path.join(dir, 'dump.xml.bz2');
const bz2 = compressBz2(xml);
writeFileSync(dumpPath, bz2);
const range = { path: dumpPath, start: 0, end: bz2.length, compressed: true };
const spools = () => readdirSync(spoolDir);

async function collect(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('spoolRange', () => {
  it('gives the same XML as the pipe, counts the bytes, and leaves no file behind', async () => {
    const counters = { inputBytes: 0, xmlBytes: 0 };
    const spooled = await spoolRange(range, counters);
    expect(counters.inputBytes).toBe(bz2.length);
    expect(spools()).toEqual([]); // unlinked before the decompressor wrote
    expect(await collect(spooled.chunks())).toBe(xml);
    expect(counters.xmlBytes).toBe(Buffer.byteLength(xml));
    expect(await collect(readXmlBytes(range, { inputBytes: 0, xmlBytes: 0 }))).toBe(xml);
  });

  it('a damaged stream fails with the message the pipe gives, and nothing stays behind', async () => {
    const damaged = path.join(dir, 'damaged.xml.bz2');
    writeFileSync(damaged, Buffer.concat([bz2.subarray(0, 40), Buffer.alloc(200, 7)]));
    const bad = { ...range, path: damaged, end: 240 };
    const message = /damaged\.xml\.bz2 \(bytes 0–240\): l?bzip2 could not decompress it .*truncated or damaged/;
    await expect(spoolRange(bad, { inputBytes: 0, xmlBytes: 0 })).rejects.toThrow(message);
    await expect(collect(readXmlBytes(bad, { inputBytes: 0, xmlBytes: 0 }))).rejects.toThrow(message);
    expect(spools()).toEqual([]);
  });
});

describe('a range that expands beyond its limit (a decompression bomb)', () => {
  // 48 MiB of zeros: bz2 makes them about a hundred bytes
  const bombPath = path.join(dir, 'bomb.xml.bz2');
  const bomb = compressBz2(Buffer.alloc(48 << 20));
  writeFileSync(bombPath, bomb);
  const bombRange = { path: bombPath, start: 0, end: bomb.length, compressed: true };
  const limit = { bytes: 4 << 20, reason: 'what the 1 page the index lists there can hold' };
  const message = new RegExp(
    `bomb\\.xml\\.bz2 \\(bytes 0–${bomb.length.toLocaleString('en')}\\): the bz2 data expands to more than 4 MB of XML, beyond what the 1 page the index lists there can hold: the file is damaged or a decompression bomb`,
  );

  it('is stopped by the kernel at the limit when spooled, and nothing stays behind', async () => {
    const spooling = spoolRange(bombRange, { inputBytes: 0, xmlBytes: 0 }, { limit });
    await expect(spooling).rejects.toThrow(ExpansionLimitError);
    await expect(spooling).rejects.toThrow(message);
    expect(spools()).toEqual([]);
  });

  it('is stopped at the limit when streamed, with no more bytes handed on than the limit', async () => {
    const counters = { inputBytes: 0, xmlBytes: 0 };
    await expect(collect(readXmlBytes(bombRange, counters, 1, limit))).rejects.toThrow(message);
    expect(counters.xmlBytes).toBeLessThanOrEqual(limit.bytes);
  });

  it('is bounded by its compressed size when the caller gives no limit', async () => {
    const bounded = /the bz2 data expands to more than 1 MB of XML, beyond 100 times its compressed size/;
    await expect(spoolRange(bombRange, { inputBytes: 0, xmlBytes: 0 })).rejects.toThrow(bounded);
    await expect(collect(readXmlBytes(bombRange, { inputBytes: 0, xmlBytes: 0 }))).rejects.toThrow(bounded);
    expect(spools()).toEqual([]);
  });

  it('a range within its limit is read whole', async () => {
    const spooled = await spoolRange(
      range,
      { inputBytes: 0, xmlBytes: 0 },
      { limit: { bytes: Buffer.byteLength(xml) + 1, reason: '' } },
    );
    expect(await collect(spooled.chunks())).toBe(xml);
  });
});

describe('spoolDirectory', () => {
  it('is PARALENS_SPOOL_DIR when set, else the run’s folder, else the temporary folder (never /dev/shm)', () => {
    expect(spoolDirectory('/run/folder', { PARALENS_SPOOL_DIR: dir })).toBe(dir);
    expect(spoolDirectory('/run/folder', {})).toBe('/run/folder');
    expect(spoolDirectory(undefined, {})).toBe(tmpdir());
  });

  it('spools into the run’s folder (created when missing), and leaves it empty', async () => {
    const own = mkdtempSync(path.join(dir, 'run-'));
    delete process.env.PARALENS_SPOOL_DIR;
    try {
      const runFolder = path.join(own, 'mining', 'run-1');
      const spooled = await spoolRange(range, { inputBytes: 0, xmlBytes: 0 }, { runFolder });
      expect(readdirSync(runFolder)).toEqual([]);
      expect(await collect(spooled.chunks())).toBe(xml);
    } finally {
      process.env.PARALENS_SPOOL_DIR = spoolDir;
    }
  });
});

describe('mapByteRange', () => {
  it('maps a spooled range to the same rows as a streamed one, with a context that is still loading', async () => {
    const tagger = createWinkTagger();
    const streamed = await mapByteRange(range, { mode: 'fixed', tagger });
    const spooled = await mapByteRange(
      range,
      new Promise((resolve) => setTimeout(() => resolve({ mode: 'fixed', tagger }), 20)),
      { spool: true },
    );
    expect(streamed.references).toBeGreaterThan(5);
    expect(spooled).toEqual(streamed);
  });

  it('a context that fails to load fails the chunk and leaves nothing behind', async () => {
    await expect(mapByteRange(range, Promise.reject(new Error('tagger missing')), { spool: true })).rejects.toThrow(
      'tagger missing',
    );
    expect(spools()).toEqual([]);
  });
});
