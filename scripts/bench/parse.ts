/**
 * Parsing throughput of the importer alone (no measures, no database): writes a deterministic
 * Wikipedia-IPC pair JSONL file (docs/sources.md#ipc-pair-format) and a short-line PAWS-shaped TSV file
 * (default 1,000,000 lines each) to a temp directory, then times line splitting, a JSON.parse-only
 * loop (the floor for JSONL) and the full parse + validation through openImportFile, reading the
 * items one by one and in batches. Prints lines/s, records/s and peak RSS (sampled every 20 ms).
 * Usage: tsx scripts/bench/parse.ts [lines] [repeats]
 */
import { createWriteStream, createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { openImportFile } from '@/lib/import/open-import-file';
import { readLineBatches } from '@/lib/import/read-lines';

const WORDS =
  'the a of in and view from north south old new church bridge station castle river park tower street house museum square village city 1905 1923 photograph painting portrait statue interior exterior main entrance at night in winter summer during construction'.split(
    ' ',
  );

function createRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function caption(random: () => number): string {
  const n = 6 + Math.floor(random() * 14);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(WORDS[Math.floor(random() * WORDS.length)] ?? 'x');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function writeFixture(path: string, lines: number): Promise<void> {
  const random = createRandom(42);
  const out = createWriteStream(path);
  let buffer = '';
  for (let i = 0; i < lines; i++) {
    const image = Math.floor(i / 3);
    const record = {
      id: Math.floor(random() * 4294967296) | 0,
      'cluster-id': image % 10000,
      image: `https://commons.wikimedia.org/wiki/File%3AImage_${image}.jpg`,
      first: {
        'caption-text': caption(random),
        'caption-type': 'WIKI_TEXT',
        page: `https://en.wikipedia.org/wiki/Article_${image}`,
      },
      second: {
        'caption-text': caption(random),
        'caption-type': 'WIKI_TEXT',
        page: `https://en.wikipedia.org/wiki/Other_%28${i}%29`,
      },
      similarities: {
        'rouge1-f1': random(),
        'rougel-f1': random(),
        bleu: random(),
        wms: random(),
        'bert-score-f1': random(),
        'sentence-transformer-cos-sim': random(),
      },
    };
    buffer += JSON.stringify(record) + '\n';
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

async function writeShortLines(path: string, lines: number): Promise<void> {
  const random = createRandom(7);
  const out = createWriteStream(path);
  let buffer = 'id\tsentence1\tsentence2\tlabel\n';
  for (let i = 1; i <= lines; i++) {
    buffer += `${i}\t${caption(random).slice(0, 16)}\t${caption(random).slice(0, 16)}\t${i % 2}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

/** Best of `repeats` runs: the machine is shared, so the fastest run is the least disturbed one. */
async function timeBest(repeats: number, run: () => Promise<number>): Promise<{ count: number; seconds: number }> {
  let best = { count: 0, seconds: Infinity };
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    const count = await run();
    const seconds = (performance.now() - t0) / 1000;
    if (seconds < best.seconds) best = { count, seconds };
  }
  return best;
}

const open = (path: string) => createReadStream(path, { highWaterMark: 256 * 1024 });

async function main(): Promise<void> {
  const lines = Number(process.argv[2] ?? 1_000_000);
  const repeats = Number(process.argv[3] ?? 3);
  const dir = await mkdtemp(join(tmpdir(), 'paralens-bench-parse-'));
  const path = join(dir, 'wikipedia-ipc-silver.jsonl');
  const shortPath = join(dir, 'short-lines.tsv');
  try {
    await writeFixture(path, lines);
    await writeShortLines(shortPath, lines);
    const { size } = await stat(path);
    const { size: shortSize } = await stat(shortPath);
    console.log(
      `fixtures: ${lines} Wikipedia-IPC lines (${mb(size)} MB) and ${lines} short TSV lines (${mb(shortSize)} MB); best of ${repeats} runs`,
    );
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);

    const countLines = async (file: string): Promise<number> => {
      let n = 0;
      for await (const batch of readLineBatches(open(file))) n += batch.length;
      return n;
    };
    const countRecords = async (file: string, byBatch: boolean): Promise<number> => {
      const stream = await openImportFile(file);
      let n = 0;
      if (byBatch) {
        for await (const batch of stream.batches) for (const item of batch) if (item.ok) n++;
      } else {
        for await (const item of stream.items) if (item.ok) n++;
      }
      return n;
    };
    const shortSplit = await timeBest(repeats, () => countLines(shortPath));
    const shortParse = await timeBest(repeats, () => countRecords(shortPath, true));
    const split = await timeBest(repeats, () => countLines(path));
    const jsonOnly = await timeBest(repeats, async () => {
      let n = 0;
      for await (const batch of readLineBatches(open(path))) for (const line of batch) if (JSON.parse(line.text) !== null) n++;
      return n;
    });
    const items = await timeBest(repeats, () => countRecords(path, false));
    const batches = await timeBest(repeats, () => countRecords(path, true));
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);

    const rate = (r: { count: number; seconds: number }): string => Math.round(r.count / r.seconds).toLocaleString('en-US');
    console.log(`short lines (~45 B), splitting:         ${rate(shortSplit)} lines/s`);
    console.log(`short lines, PAWS parse + validate:     ${rate(shortParse)} records/s (${shortParse.count} records)`);
    console.log(
      `Wikipedia-IPC lines (~700 B), splitting: ${rate(split)} lines/s (${(size / 1024 / 1024 / split.seconds).toFixed(0)} MB/s)`,
    );
    console.log(`Wikipedia-IPC, JSON.parse only:          ${rate(jsonOnly)} lines/s`);
    console.log(`Wikipedia-IPC, parse + validate (items):   ${rate(items)} records/s (${items.count} records)`);
    console.log(`Wikipedia-IPC, parse + validate (batches): ${rate(batches)} records/s`);
    console.log(`parse + validate time / JSON.parse-only time: ${(batches.seconds / jsonOnly.seconds).toFixed(2)}`);
    console.log(`peak RSS: ${mb(peak)} MB`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
