/**
 * `npm run bench:pages`: every page's server time on a generated database of 2,000,000 pairs
 * (`-- <pairs>` or `--pairs N` for another size; `--keep DIR` keeps the database in DIR and reuses its
 * generated corpus next time). Starts a throwaway embedded PostgreSQL with the demo data, adds
 * one corpus of generated pairs (SQL, with its summary as an import would leave it), serves the
 * production build through `npm start`'s script, signs in and times each page warm: median and
 * 95th percentile of the full response over loopback, next to the target (200 ms) and as a
 * ratio to /api/health measured in the same run (the floor: one request through Next.js and one
 * database round trip).
 */
import { fmt } from './lib/format';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { demoPassword } from '@/lib/runtime/demo';
import { keptOrGeneratedCorpus } from './lib/generated-corpus';
import { benchArgs } from './lib/bench-args';
import { signInOverHttp, timeRequests, NEXT_ROUTED_HEALTH } from './lib/http-timing';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';

const { pairs, keep } = benchArgs(process.argv.slice(2), 2_000_000);

const { home, env, database } = await openBenchDatabase('pages', keep);
let server: ChildProcess | null = null;
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const corpus = await keptOrGeneratedCorpus(client, db, pairs, home);
  await client.end();
  await db.$disconnect();

  const served = await serveOnFreePort(env);
  server = served.server;
  const baseUrl = served.baseUrl;

  const researcher = await signInOverHttp(baseUrl, 'researcher@paralens.local', demoPassword);
  const admin = await signInOverHttp(baseUrl, 'admin@paralens.local', demoPassword);
  const annotator = await signInOverHttp(baseUrl, 'annotator@paralens.local', demoPassword);
  const floor = await timeRequests(baseUrl, NEXT_ROUTED_HEALTH, '');
  const pages: Array<[string, string]> = [
    ['/corpora', researcher],
    [`/corpora/${corpus.slug}`, researcher],
    ['/dashboards', researcher],
    ['/dashboards?st=above08', researcher],
    ['/campaigns', researcher],
    ['/annotate', annotator],
    ['/about', annotator],
    ['/admin/users', admin],
    ['/admin/models', admin],
    ['/admin/model-endpoints', admin],
    ['/admin/backups', admin],
  ];
  console.log(`\nServer time per page, warm, ${fmt(pairs)} pairs (median / p95 of 15 requests; target ≤ 200 ms)\n`);
  console.log(`  ${'/api/health (floor)'.padEnd(34)} ${fmt(floor.median, 1).padStart(7)} ms ${fmt(floor.p95, 1).padStart(7)} ms`);
  let worst = 0;
  for (const [page, cookie] of pages) {
    const r = await timeRequests(baseUrl, page, cookie);
    worst = Math.max(worst, r.p95);
    console.log(
      `  ${page.padEnd(34)} ${fmt(r.median, 1).padStart(7)} ms ${fmt(r.p95, 1).padStart(7)} ms   ${fmt(r.median / floor.median, 1)}× health   ${r.status === 200 ? '' : `status ${r.status}!`} ${r.p95 <= 200 ? 'met' : 'NOT met'}`,
    );
  }
  console.log(`\nWorst p95: ${fmt(worst, 1)} ms (target ≤ 200 ms: ${worst <= 200 ? 'met' : 'NOT met'})`);
} finally {
  await stopBench(server, database, home, keep !== undefined);
}
