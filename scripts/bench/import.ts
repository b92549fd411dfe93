/**
 * `npm run bench:import`: generates a deterministic Wikipedia-IPC pair file (default 1,000,000
 * pairs; `-- <pairs>` or `--pairs N` for another size; `--keep DIR` keeps the file in DIR and reuses
 * it next time, the database being new each run), imports it into a fresh embedded PostgreSQL with every
 * measure computed, and in the same run loads the same rows with a plain COPY into an equivalent
 * flat table. Prints pairs/s, the importer's peak memory and the ratio import time / COPY time,
 * next to the targets (≥ 50,000 pairs/s, ≤ 2× COPY, ≤ 400 MB), and where the CPU time went.
 * BENCH_UNSAFE_FAST=1 runs PostgreSQL with fsync off, to see whether disk writes limit the import;
 * PARALENS_PG_SETTINGS overrides the settings tuned for the machine, as for `npm start`.
 */
import { fmt } from './lib/format';
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { applyMigrations } from '@/lib/db/migrations';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-postgres';
import { measureKeys } from '@/lib/measures/catalog';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { writeIpcFixture } from './lib/ipc-fixture';
import { postgresCpuSeconds } from './lib/process-cpu';
import { setting } from '@/lib/config/settings';
import { benchArgs } from './lib/bench-args';

const { pairs, keep } = benchArgs(process.argv.slice(2), 1_000_000);
const dir = await mkdtemp(path.join(tmpdir(), 'paralens-bench-import-'));
await chmod(dir, 0o755);
// The generated file: in the run's own folder, or kept in --keep DIR and reused (it is deterministic)
if (keep) await mkdir(keep, { recursive: true });
const file = path.join(keep ? path.resolve(keep) : dir, `wikipedia-ipc-silver-${pairs}.jsonl`);

let t = performance.now();
if (keep && existsSync(file)) {
  console.log(`Reusing ${file} (${fmt((await stat(file)).size / 1024 / 1024, 1)} MB).`);
} else {
  console.log(`Generating ${fmt(pairs)} Wikipedia-IPC pairs …`);
  const bytes = await writeIpcFixture(`${file}.partial`, { pairs });
  await rename(`${file}.partial`, file);
  console.log(`  ${fmt(bytes / 1024 / 1024, 1)} MB in ${fmt((performance.now() - t) / 1000, 1)} s`);
}

// Default (durable) PostgreSQL settings, as a user's embedded database runs.
const server = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pgdata'),
  password: 'bench',
  unsafeFast: setting('BENCH_UNSAFE_FAST'),
  settings: setting('PARALENS_PG_SETTINGS'),
});
try {
  await applyMigrations(server.url);
  const client = new pg.Client({ connectionString: server.url });
  client.on('error', () => {}); // the server stops under it when something fails
  await client.connect();
  const corpus = await client.query<{ id: number }>(
    `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('bench', 'bench', 'SILVER', now()) RETURNING "id"`,
  );

  console.log('Importing with paralens (parse, all measures, Text/Pair/Image, one transaction) …');
  const pgCpuBefore = postgresCpuSeconds();
  const child = spawnSync(
    process.execPath,
    [
      ...(setting('BENCH_NODE_FLAGS')?.split(' ') ?? []),
      '--import',
      'tsx',
      path.join(projectRoot, 'scripts/bench/lib/import-child.ts'),
      server.url,
      file,
      String(corpus.rows[0]!.id),
    ],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, PARALENS_ROOT: projectRoot },
    },
  );
  if (child.status !== 0) throw new Error(`the import process failed:\n${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
    report: { status: string; imported: number; duplicates: number; recordsRead: number; timings?: Record<string, number> };
    seconds: number;
    peakRssMb: number;
    cpuSeconds: number;
  };
  if (result.report.status !== 'SUCCEEDED') throw new Error(`import ended ${result.report.status}`);
  const pgCpu = postgresCpuSeconds() - pgCpuBefore;

  // The baseline: the same rows (both texts, image, ids, metadata, every measure) as one flat
  // table with the indexes a pair table needs (primary key, unique pair key, corpus order).
  const flat = path.join(dir, 'flat.copy');
  await pipeline(
    client.query(
      copyTo(`COPY (SELECT p."corpusId", p."pairKey", ta."content", tb."content", i."key", ta."sourcePage", tb."sourcePage", p."originalId", p."clusterId",
      p."metadata", p."lengthA", p."lengthB", ${measureKeys.map((k) => `p."${k}"`).join(', ')}, p."semParts"
      FROM "Pair" p JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId" LEFT JOIN "Image" i ON i."id" = p."imageId" ORDER BY p."id") TO STDOUT`),
    ),
    createWriteStream(flat),
  );
  await client.query(`CREATE TABLE bench_flat_pairs (id serial PRIMARY KEY, corpus_id int NOT NULL, pair_key uuid NOT NULL, text_a text, text_b text, image text,
    page_a text, page_b text, original_id text, cluster_id text, metadata jsonb, length_a int, length_b int,
    ${measureKeys.map((k) => `m_${k.toLowerCase()} float8`).join(', ')}, sem_parts text[])`);
  await client.query('CREATE UNIQUE INDEX ON bench_flat_pairs (corpus_id, pair_key)');
  await client.query('CREATE INDEX ON bench_flat_pairs (corpus_id, id)');
  console.log('Loading the same rows with a plain COPY into an equivalent table …');
  t = performance.now();
  await client.query('BEGIN');
  await pipeline(
    createReadStream(flat, { highWaterMark: 1 << 20 }),
    client.query(
      copyFrom(`COPY bench_flat_pairs (corpus_id, pair_key, text_a, text_b, image, page_a, page_b, original_id, cluster_id, metadata, length_a, length_b,
      ${measureKeys.map((k) => `m_${k.toLowerCase()}`).join(', ')}, sem_parts) FROM STDIN`),
    ),
  );
  await client.query('COMMIT');
  const copySeconds = (performance.now() - t) / 1000;
  const flatBytes = (await stat(flat)).size;
  await client.end();

  const rate = result.report.recordsRead / result.seconds;
  const ratio = result.seconds / copySeconds;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`
Import of ${fmt(result.report.recordsRead)} pairs (${fmt(result.report.imported)} stored, ${fmt(result.report.duplicates)} duplicates)
  import time        ${fmt(result.seconds, 1)} s
  pairs/s            ${fmt(rate)}        target ≥ 50,000   ${mark(rate >= 50_000)}
  peak memory (RSS)  ${fmt(result.peakRssMb)} MB        target ≤ 400 MB   ${mark(result.peakRssMb <= 400)}
  plain COPY         ${fmt(copySeconds, 1)} s (${fmt(flatBytes / 1024 / 1024)} MB of COPY text, ${fmt(result.report.recordsRead / copySeconds)} rows/s)
  import / COPY      ${fmt(ratio, 2)}×        target ≤ 2×       ${mark(ratio <= 2)}
  CPU seconds        importer ${fmt(result.cpuSeconds, 1)}, PostgreSQL ${fmt(pgCpu, 1)} (2 cores: ${fmt((result.cpuSeconds + pgCpu) / result.seconds, 2)} busy on average)
  time split (ms)    ${JSON.stringify(Object.fromEntries(Object.entries(result.report.timings ?? {}).map(([k, v]) => [k, Math.round(v)])))}
`);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
