/**
 * The two ways a compressed range is read (xml-source.ts): streamed through a pipe, or spooled into
 * an unlinked temporary file first. Both must hand the map the same bytes, fail with the same
 * message on damaged input, and the spool must leave nothing behind in its folder.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWinkTagger } from '@/lib/mining/text/wink-tagger';
import { mapByteRange } from './map-xml';
import { compressBz2 } from './testing/multistream-fixture';
import { syntheticDump } from './testing/synthetic-pages';
import { readXmlBytes, spoolDirectory, spoolRange } from './xml-source';

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

describe('spoolDirectory', () => {
  it('is PARALENS_SPOOL_DIR when set, else /dev/shm with room, else the temporary folder', () => {
    expect(spoolDirectory({ PARALENS_SPOOL_DIR: dir })).toBe(dir);
    expect(['/dev/shm', tmpdir()]).toContain(spoolDirectory({}));
  });

  it('spools into PARALENS_SPOOL_DIR, and leaves it empty', async () => {
    const own = mkdtempSync(path.join(dir, 'spool-'));
    try {
      process.env.PARALENS_SPOOL_DIR = path.join(own, 'missing');
      await expect(spoolRange(range, { inputBytes: 0, xmlBytes: 0 })).rejects.toThrow(/ENOENT.*missing/);
      process.env.PARALENS_SPOOL_DIR = own;
      const spooled = await spoolRange(range, { inputBytes: 0, xmlBytes: 0 });
      expect(readdirSync(own)).toEqual([]);
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
