/**
 * `npm run bench:mine`: builds (once, cached) a multistream dump of ≥ 300 MB XML from the real
 * excerpts, measures the physical limit in the same run (lbzip2 decompressing the file to
 * /dev/null with the same number of threads), then mines it end to end into a fresh embedded
 * PostgreSQL (map on N workers, SQL reduce, import) and prints MB/s of XML, the time of each
 * stage, peak memory, and the ratios against the limit; targets ≥ 25 MB/s and < 1 GB.
 * `-- <MB>` for another size, BENCH_WORKERS for the worker count (default: cores).
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createPrismaClient } from '@/lib/db/client';
import { applyMigrations } from '@/lib/db/migrations';
import { runMining } from '@/lib/jobs/mining/run-mining';
import { findDecompressor } from '@/lib/jobs/mining/xml-source';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-postgres';
import { benchDumpFiles } from './lib/mining-dump';

const targetMb = Number(process.argv[2] ?? 300);
const workers = Number(process.env.BENCH_WORKERS ?? availableParallelism());
const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

console.log(`Building the ${targetMb} MB multistream dump from the shared excerpts (cached after the first run) …`);
let t = performance.now();
const files = benchDumpFiles(targetMb * 1e6);
const dumpBytes = (await stat(files.dumpPath)).size;
console.log(`  ${files.dumpPath}: ${fmt(dumpBytes / 1e6, 1)} MB bz2${files.cached ? ' (cached)' : ` in ${fmt((performance.now() - t) / 1000, 1)} s`}`);

const tool = findDecompressor();
console.log(`Physical limit: ${tool} -dc${tool === 'lbzip2' ? ` -n ${workers}` : ''} of the whole file to /dev/null …`);
t = performance.now();
const raw = spawnSync('sh', ['-c', `${tool} -dc ${tool === 'lbzip2' ? `-n ${workers} ` : ''}'${files.dumpPath}' | wc -c`], { encoding: 'utf8' });
const rawSeconds = (performance.now() - t) / 1000;
const xmlBytes = Number(raw.stdout.trim());
const rawRate = xmlBytes / 1e6 / rawSeconds;
console.log(`  ${fmt(xmlBytes / 1e6, 1)} MB XML in ${fmt(rawSeconds, 1)} s = ${fmt(rawRate, 1)} MB/s`);

const dir = await mkdtemp(path.join(tmpdir(), 'paralens-bench-mine-db-'));
await chmod(dir, 0o755);
const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pgdata'), password: 'bench', unsafeFast: process.env.BENCH_UNSAFE_FAST === '1' });
try {
  await applyMigrations(server.url);
  const db = createPrismaClient(server.url);
  console.log(`Mining it end to end (${workers} workers, gold tier, fixed mode) …`);
  // Sampled only while mining: building the dump (first run) holds the whole XML in memory.
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const report = await runMining({
    db,
    databaseUrl: server.url,
    dumpPath: files.dumpPath,
    indexPath: files.indexPath,
    referencesPath: null,
    corpusName: 'bench',
    tier: 'gold',
    mode: 'fixed',
    minRefs: 2,
    maxRefs: 10,
    silverRule: 'has-verb',
    workers,
    onEvent: (e) => e.type === 'map' && process.stderr.isTTY && process.stderr.write(`\r  map ${e.progress.chunksDone}/${e.progress.chunksTotal} chunks, ${fmt((e.progress.mbPerSecond ?? 0), 1)} MB/s\x1b[K`),
  });
  clearInterval(sampler);
  if (process.stderr.isTTY) process.stderr.write('\n');
  await db.$disconnect();
  if (report.status !== 'SUCCEEDED') throw new Error(`mining failed: ${report.message}`);
  const s = report.seconds;
  const endToEnd = xmlBytes / 1e6 / s.total;
  const mapRate = xmlBytes / 1e6 / s.map;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const last = report.funnel[9];
  console.log(`
Mining ${fmt(xmlBytes / 1e6)} MB of XML (${fmt(report.map?.pages ?? 0)} pages, ${fmt(report.map?.references ?? 0)} references, ${report.map?.chunksTotal} chunks)
  map                ${fmt(s.map, 1)} s   ${fmt(mapRate, 1)} MB/s   = ${fmt((mapRate / rawRate) * 100)}% of raw ${tool} (${fmt(rawRate, 1)} MB/s)
  reduce (SQL)       ${fmt(s.reduce, 1)} s
  import             ${fmt(s.publish, 1)} s   (${fmt(last?.pairs ?? 0)} pairs)
  end to end         ${fmt(s.total, 1)} s   ${fmt(endToEnd, 1)} MB/s   target ≥ 25 MB/s   ${mark(endToEnd >= 25)}   = ${fmt((endToEnd / rawRate) * 100)}% of raw ${tool}
  peak memory (RSS)  ${fmt(peakRss / 1e6)} MB while mining, sampled every 200 ms (this process and its worker threads; not PostgreSQL, not ${tool})   target < 1,000 MB   ${mark(peakRss < 1e9)}
  load average       ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')} (other work on this machine slows every figure)
`);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
