/**
 * `npm run bench:export`: a 1,000,000-pair JSON Lines export (`-- <pairs>` or `--pairs N` for another
 * size; `--keep DIR` keeps the database in DIR and reuses its generated corpus next time) on a
 * throwaway embedded PostgreSQL with generated pairs. Targets: at least 100,000 rows/s and at most
 * 300 MB peak memory of the exporting process. The floor, measured in the same run on the same
 * rows: PostgreSQL's own `COPY (SELECT …) TO STDOUT` of the same columns into a file (what psql's
 * `\copy` does), i.e. the fastest the rows can leave the database at all. Also times CSV and
 * (with --hf) the HF folder.
 */
import { fmt } from './lib/format';
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { createPrismaClient } from '@/lib/db/client';
import { measureKeys } from '@/lib/measures/catalog';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { openBenchDatabase, stopBench } from './lib/bench-server';
import { benchArgs } from './lib/bench-args';
import { keptOrGeneratedCorpus } from './lib/generated-corpus';

const { pairs, keep, values } = benchArgs(process.argv.slice(2), 1_000_000);

interface ChildResult {
  result: { rows: number; bytes: number; seconds: number };
  peakRssMb: number;
  cpuSeconds: number;
}

function runChild(url: string, format: string, out: string): ChildResult {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'scripts/bench/lib/export-child.ts'), url, 'generated', format, out],
    {
      cwd: projectRoot,
      env: { ...process.env, PARALENS_ROOT: projectRoot },
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  if (child.status !== 0) throw new Error(`export child failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ChildResult;
}

/** The floor: COPY of the same rows and columns (texts and every measure) in pair id order, into a file. */
async function copyFloor(url: string, corpusId: number, out: string): Promise<{ seconds: number; bytes: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns = [
    'p."id"',
    'c."slug"',
    'p."originalId"',
    'p."clusterId"',
    'ta."content"',
    'tb."content"',
    'ta."type"',
    'tb."type"',
    'ta."sourcePage"',
    'tb."sourcePage"',
    'i."url"',
    'p."lengthA"',
    'p."lengthB"',
    'p."referenceLabel"',
    'p."referenceScore"',
    'p."referenceIsParaphrase"',
    'p."metadata"',
    ...measureKeys.map((k) => `p."${k}"`),
    'p."semParts"',
  ];
  const sql = `COPY (SELECT ${columns.join(', ')} FROM "Pair" p JOIN "Corpus" c ON c."id" = p."corpusId" JOIN "Text" ta ON ta."id" = p."textAId"
    JOIN "Text" tb ON tb."id" = p."textBId" LEFT JOIN "Image" i ON i."id" = p."imageId" WHERE p."corpusId" = ${corpusId} ORDER BY p."id") TO STDOUT`;
  const started = performance.now();
  await pipeline(client.query(copyTo(sql)), createWriteStream(out));
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return { seconds, bytes: (await stat(out)).size };
}

const { home, database } = await openBenchDatabase('export', keep);
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const corpusId = (await keptOrGeneratedCorpus(client, db, pairs, home)).id;
  await client.end();
  await db.$disconnect();

  const out = (name: string) => path.join(home, name);
  // warm the cache once, so neither side pays for the first read from disk
  await copyFloor(database.url, corpusId, out('warm.tsv'));
  const floor = await copyFloor(database.url, corpusId, out('floor.tsv'));
  const floorRate = pairs / floor.seconds;
  console.log(`\n${fmt(pairs)} pairs (texts and every measure); targets: ≥ 100,000 rows/s, ≤ 300 MB peak RSS\n`);
  console.log(
    `  ${'COPY … TO STDOUT (floor)'.padEnd(26)} ${fmt(floor.seconds, 2).padStart(7)} s ${fmt(floorRate).padStart(10)} rows/s ${fmt(floor.bytes / 1e6).padStart(6)} MB`,
  );
  await rm(out('warm.tsv'));
  await rm(out('floor.tsv'));
  let met = true;
  for (const format of ['jsonl', 'csv', ...(values.hf === true ? ['hf'] : [])]) {
    const r = runChild(database.url, format, out(`export.${format}`));
    const rate = r.result.rows / r.result.seconds;
    const ok = rate >= 100_000 && r.peakRssMb <= 300 && r.result.rows === pairs;
    if (format === 'jsonl') met = ok;
    console.log(
      `  ${`paralens export ${format}`.padEnd(26)} ${fmt(r.result.seconds, 2).padStart(7)} s ${fmt(rate).padStart(10)} rows/s ${fmt(r.result.bytes / 1e6).padStart(6)} MB   ` +
        `${fmt(floor.seconds / r.result.seconds, 2)}× the floor's rate   peak RSS ${fmt(r.peakRssMb)} MB   CPU ${fmt(r.cpuSeconds, 1)} s   ${ok ? 'met' : 'NOT met'}`,
    );
    await rm(out(`export.${format}`), { recursive: true, force: true });
  }
  console.log(`\nJSON Lines export targets (≥ 100,000 rows/s, ≤ 300 MB): ${met ? 'met' : 'NOT met'}`);
} finally {
  await stopBench(null, database, home, keep !== undefined);
}
