import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { resolveParalensHome } from '@/lib/runtime/paralens-home';
import type { MiningEvent, RunMiningOptions } from './run-mining';
import { mineInTest } from '@/lib/jobs/mining/testing/mine-in-test';
import { compressBz2, splitDumpXml, writeMultistream } from '@/lib/jobs/mining/testing/multistream-fixture';
import { syntheticDump } from '@/lib/jobs/mining/testing/synthetic-pages';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-mine-dump-'));
const xml = syntheticDump();
const xmlPath = path.join(dir, 'synthetic.xml');
const bz2Path = path.join(dir, 'synthetic.xml.bz2');
writeFileSync(xmlPath, xml);
writeFileSync(bz2Path, compressBz2(xml));
const multi = writeMultistream(
  splitDumpXml(xml),
  path.join(dir, 'synthetic-multistream.xml.bz2'),
  path.join(dir, 'synthetic-index.txt'),
  1,
);

const mine = (extra: Partial<RunMiningOptions>) => mineInTest({ dumpPath: xmlPath, ...extra });

async function pairTexts(corpusId: number) {
  const pairs = await getDb().pair.findMany({ where: { corpusId }, include: { textA: true, textB: true, image: true } });
  return pairs.map((p) => `${p.image?.key}: ${[p.textA.content, p.textB.content].sort().join(' | ')}`).sort();
}

const GOLD_PAIRS = [
  'File:Harbour_tower_1890.jpg: The council paid for the tower, which still stands today. | The harbour tower was built by the town council in 1890.',
  'File:Old_mill.jpg: Farmers brought their grain to the old mill every autumn. | The old mill burned down in a storm in 1911!',
  'File:Old_mill.jpg: Farmers brought their grain to the old mill every autumn. | The old mill burned down in a storm in 1911.',
];

describe('mining a dump end to end', { timeout: 180_000 }, () => {
  it('plain XML, single-stream bz2 and multistream bz2 give the same funnel and the same pairs', async () => {
    const plain = await mine({});
    expect(plain.status, plain.message ?? '').toBe('SUCCEEDED');
    expect(plain.map).toMatchObject({ pages: 5, references: 9, chunksDone: 1 });
    expect(await pairTexts(plain.publish!.corpus!.id)).toEqual(GOLD_PAIRS);
    const single = await mine({ dumpPath: bz2Path });
    const events: MiningEvent[] = [];
    const streamed = await mine({
      dumpPath: multi.dumpPath,
      indexPath: multi.indexPath,
      chunkBytes: 1,
      onEvent: (e) => events.push(e),
    });
    expect(streamed.status, streamed.message ?? '').toBe('SUCCEEDED');
    expect(streamed.map).toMatchObject({ chunksTotal: 5, chunksDone: 5, pages: 5 });
    expect(single.funnel).toEqual(plain.funnel);
    expect(streamed.funnel).toEqual(plain.funnel);
    expect(await pairTexts(streamed.publish!.corpus!.id)).toEqual(GOLD_PAIRS);
    expect(events[0]).toMatchObject({ type: 'started', resumed: false, chunksTotal: 5 });
    // provenance: each caption keeps its article
    const text = await getDb().text.findFirstOrThrow({
      where: { corpusId: streamed.publish!.corpus!.id, content: { startsWith: 'Farmers' } },
    });
    expect(text).toMatchObject({
      sourceTitle: 'Town Council',
      sourcePage: 'https://en.wikipedia.org/wiki/Town_Council',
      type: 'CAPTION',
    });
    const run = await getDb().miningRun.findUniqueOrThrow({ where: { id: streamed.runId! }, include: { chunks: true } });
    expect(run.chunks.every((c) => c.doneAt !== null)).toBe(true);
    expect(run).toMatchObject({ status: 'SUCCEEDED', source: 'multistream', chunksDone: 5, pages: 5, references: 9 });
  });

  it('silver keeps captions with a verb that are no sentence', async () => {
    const report = await mine({ tier: 'silver' });
    expect(report.funnel[9]!.pairs).toBe(5);
  });

  it('an interrupted run continues where it stopped and ends with the same funnel', async () => {
    const reference = await mine({ dumpPath: multi.dumpPath, indexPath: multi.indexPath, chunkBytes: 1, fresh: true });
    let committed = 0;
    const first = await mine({
      dumpPath: multi.dumpPath,
      indexPath: multi.indexPath,
      chunkBytes: 1,
      workers: 1,
      fresh: true,
      onEvent: (e) => void (e.type === 'map' && (committed = e.progress.chunksDone)),
      isCancelled: () => committed >= 2,
    });
    expect(first.status).toBe('FAILED');
    expect(first.resumable).toBe(true);
    // the chunk in progress when the stop was asked for may still finish
    const stoppedAt = Number(
      /^Interrupted after (\d) of 5 chunks\. Nothing was published; run the same command again to continue\.$/.exec(
        first.message ?? '',
      )?.[1],
    );
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    expect(stoppedAt).toBeLessThan(5);
    expect(first.publish).toBeNull();
    const events: MiningEvent[] = [];
    const second = await mine({
      dumpPath: multi.dumpPath,
      indexPath: multi.indexPath,
      chunkBytes: 1,
      onEvent: (e) => events.push(e),
    });
    expect(second.status, second.message ?? '').toBe('SUCCEEDED');
    expect(second.runId).toBe(first.runId);
    expect(events[0]).toMatchObject({ type: 'started', resumed: true, redone: 0, chunksDone: stoppedAt });
    expect(second.map).toMatchObject({ chunksDone: 5, pages: 5, references: 9 });
    expect(second.funnel).toEqual(reference.funnel);
  });

  it('redoes finished chunks whose rows were lost from the staging table', async () => {
    let committed = 0;
    const first = await mine({
      dumpPath: multi.dumpPath,
      indexPath: multi.indexPath,
      chunkBytes: 1,
      workers: 1,
      fresh: true,
      onEvent: (e) => void (e.type === 'map' && (committed = e.progress.chunksDone)),
      isCancelled: () => committed >= 3,
    });
    expect(first.resumable).toBe(true);
    // The cancel is seen between chunks, so a chunk or two more may finish first: count what is done.
    const doneChunks = await getDb().miningChunk.findMany({ where: { runId: first.runId!, doneAt: { not: null } } });
    expect(doneChunks.length).toBeGreaterThanOrEqual(3);
    const done = doneChunks.filter((c) => c.references > 0).length;
    expect(done).toBeGreaterThan(0);
    await getDb().$executeRawUnsafe(`TRUNCATE mining_refs_${first.runId}`);
    const events: MiningEvent[] = [];
    const second = await mine({
      dumpPath: multi.dumpPath,
      indexPath: multi.indexPath,
      chunkBytes: 1,
      onEvent: (e) => events.push(e),
    });
    expect(events[0]).toMatchObject({ type: 'started', resumed: true, redone: done });
    expect(second.funnel[0]).toMatchObject({ references: 9 });
  });
});

describe('bad input: a clear message naming the place, nothing published', { timeout: 120_000 }, () => {
  async function expectFailure(extra: Partial<RunMiningOptions>, message: RegExp) {
    const before = await getDb().corpus.count();
    const report = await mine(extra);
    expect(report.status).toBe('FAILED');
    expect(report.message).toMatch(message);
    expect(report.resumable).toBe(false);
    expect(await getDb().corpus.count()).toBe(before);
    if (report.runId !== null) {
      const tables = await getDb().$queryRawUnsafe<unknown[]>(
        `SELECT 1 FROM pg_tables WHERE tablename LIKE 'mining_%_${report.runId}'`,
      );
      expect(tables).toHaveLength(0);
    }
    return report;
  }

  it('a truncated bz2 file', async () => {
    const file = path.join(dir, 'truncated.xml.bz2');
    const bytes = readFileSync(bz2Path);
    writeFileSync(file, bytes.subarray(0, bytes.length - 40));
    await expectFailure(
      { dumpPath: file },
      /truncated\.xml\.bz2 \(bytes 0–[\d,]+\): l?bzip2 could not decompress it \(.+\): the file is truncated or damaged/,
    );
  });

  it('a damaged stream inside a multistream dump names the chunk’s byte range', async () => {
    const file = path.join(dir, 'damaged-multistream.xml.bz2');
    const bytes = Buffer.from(readFileSync(multi.dumpPath));
    const offsets = readFileSync(multi.indexPath, 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(':')[0]));
    bytes[offsets[2]! + 40]! ^= 0xff;
    writeFileSync(file, bytes);
    await expectFailure(
      { dumpPath: file, indexPath: multi.indexPath, chunkBytes: 1 },
      new RegExp(
        `damaged-multistream\\.xml\\.bz2 \\(bytes ${offsets[2]!.toLocaleString('en')}–[\\d,]+\\): l?bzip2 could not decompress it`,
      ),
    );
  });

  it('malformed XML: a page that is never closed', async () => {
    const file = path.join(dir, 'malformed.xml');
    writeFileSync(file, xml.replace('</page>', ''));
    await expectFailure(
      { dumpPath: file },
      /malformed\.xml \(bytes 0–[\d,]+\): malformed XML: the first page is not closed before the next <page> starts/,
    );
  });

  it('a gigantic page', async () => {
    const file = path.join(dir, 'gigantic.xml');
    writeFileSync(file, xml.replace('The old mill burned', `${'Very long text. '.repeat(20_000)}The old mill burned`));
    await expectFailure(
      { dumpPath: file, maxPageChars: 100_000 },
      /gigantic\.xml \(bytes 0–[\d,]+\): the first page is larger than 100,000 bytes: a full-history dump or a damaged file/,
    );
  });

  it('an index that does not belong to the dump (offsets, then page counts)', async () => {
    const shifted = path.join(dir, 'shifted-index.txt');
    writeFileSync(
      shifted,
      readFileSync(multi.indexPath, 'utf8').replace(/^(\d+):/gm, (_, n: string) => `${Number(n) + 3}:`),
    );
    await expectFailure(
      { dumpPath: multi.dumpPath, indexPath: shifted, chunkBytes: 1 },
      /shifted-index\.txt: offset \d+ is not the start of a bz2 stream in .*synthetic-multistream\.xml\.bz2: the index does not belong to this dump/,
    );
    const miscounted = path.join(dir, 'miscounted-index.txt');
    const lines = readFileSync(multi.indexPath, 'utf8').trim().split('\n');
    writeFileSync(miscounted, [...lines, `${lines[4]!.split(':')[0]}:99:Extra`].join('\n'));
    await expectFailure(
      { dumpPath: multi.dumpPath, indexPath: miscounted, chunkBytes: 1 },
      /the index lists 2 pages in this range but it holds 1: the index does not belong to this dump/,
    );
  });

  it('a decompression bomb in a multistream dump stops at the limit of its chunk, and the run folder goes', async () => {
    // The review's attack: a small multistream dump whose index lists one page in a stream of zeros.
    const { header, pages } = splitDumpXml(xml);
    const streams = [
      compressBz2(header),
      compressBz2(pages[0]!),
      compressBz2(Buffer.alloc(40 << 20)),
      compressBz2('</mediawiki>\n'),
    ];
    const offsets = streams.map((_, i) => streams.slice(0, i).reduce((n, b) => n + b.length, 0));
    const file = path.join(dir, 'bomb-multistream.xml.bz2');
    const index = path.join(dir, 'bomb-index.txt');
    writeFileSync(file, Buffer.concat(streams));
    writeFileSync(index, `${offsets[1]}:1:First\n${offsets[2]}:2:Bomb\n`);
    const report = await expectFailure(
      { dumpPath: file, indexPath: index, chunkBytes: 1 },
      /bomb-multistream\.xml\.bz2 \(bytes [\d,]+–[\d,]+\): the bz2 data expands to more than [\d.,]+ MB of XML, beyond .+: the file is damaged or a decompression bomb, so it was not read further\. Nothing was published\./,
    );
    expect(report.map?.xmlBytes ?? 0).toBeLessThan(17 << 20);
    expect(existsSync(path.join(resolveParalensHome(), 'mining', `run-${report.runId}`))).toBe(false);
  });

  it('a file that is not a dump at all', async () => {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'just some notes\n');
    await expectFailure({ dumpPath: file }, /notes\.txt is neither a bz2 file nor XML/);
  });
});
