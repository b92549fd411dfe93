/**
 * `npm run bench:dashboards`: the dashboards' server time on a generated corpus of 1,000,000 pairs
 * (`-- <pairs>` for another size). Starts a throwaway embedded PostgreSQL with the demo data, adds
 * one corpus of generated pairs (SQL, with its summary as an import leaves it: the characteristic
 * map included), serves the production build and times, warm (median and p95 of 15 requests over
 * loopback): the measure map (API and page) against 150 ms and the corpus comparison against
 * 500 ms. Printed beside two floors measured in the same run: a bare `SELECT count(*)` over the
 * corpus's pairs (what any scan of them costs at least) and /api/health (one request through
 * Next.js and one database round trip); and the GROUP BY scan a map would cost without the summary.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { MAP_SCAN_SQL } from '@/lib/db/corpus-summary';
import { demoPassword } from '@/lib/runtime/demo';
import { createGeneratedCorpus } from './lib/generated-corpus';
import { signInOverHttp, timeRequests, NEXT_ROUTED_HEALTH } from './lib/http-timing';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';

const pairs = Number(process.argv[2] ?? 1_000_000);
const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

async function timeQuery(client: pg.Client, sql: string, params: unknown[], runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t = performance.now();
    await client.query(sql, params);
    if (i >= 2) times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const { home, env, database } = await openBenchDatabase('dashboards');
let server: ChildProcess | null = null;
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const corpus = await createGeneratedCorpus(client, db, pairs);
  const corpusId = corpus.id;
  const countFloor = await timeQuery(client, 'SELECT count(*) FROM "Pair" WHERE "corpusId" = $1', [corpusId]);
  const mapScan = await timeQuery(client, MAP_SCAN_SQL, [corpusId], 3);
  await client.end();
  await db.$disconnect();

  const served = await serveOnFreePort(env);
  server = served.server;
  const baseUrl = served.baseUrl;
  const researcher = await signInOverHttp(baseUrl, 'researcher@paralens.local', demoPassword);
  const health = await timeRequests(baseUrl, NEXT_ROUTED_HEALTH, '');
  const targets: Array<[string, string, number]> = [
    ['measure map, API', '/api/v1/corpora/generated/map', 150],
    ['measure map, page', '/dashboards/maps?corpus=generated', 150],
    ['all corpora maps, page', '/dashboards/maps', 150],
    ['corpus comparison, page', '/dashboards', 500],
    ['comparison, ST > 0.8 only', '/dashboards?st=above08', 500],
  ];
  console.log(`\nServer time, warm, ${fmt(pairs)} pairs in the corpus (median / p95 of 15 requests)\n`);
  console.log(`  floor: SELECT count(*) over the corpus's pairs   ${fmt(countFloor, 1).padStart(8)} ms`);
  console.log(`  floor: /api/health                               ${fmt(health.median, 1).padStart(8)} ms`);
  console.log(`  reference: the map as a GROUP BY scan (no summary) ${fmt(mapScan, 1).padStart(6)} ms\n`);
  let met = true;
  for (const [name, url, target] of targets) {
    const r = await timeRequests(baseUrl, url, researcher);
    const ok = r.status === 200 && r.p95 <= target;
    met &&= ok;
    console.log(
      `  ${name.padEnd(28)} ${fmt(r.median, 1).padStart(7)} ms  p95 ${fmt(r.p95, 1).padStart(7)} ms  target ≤ ${target} ms: ${ok ? 'met' : 'NOT met'}  (${fmt(r.median / countFloor, 2)}× count(*), ${fmt(r.median / health.median, 1)}× health)${r.status === 200 ? '' : ` status ${r.status}!`}`,
    );
  }
  console.log(`\n${met ? 'All targets met.' : 'Some targets NOT met.'}`);
} finally {
  await stopBench(server, database, home);
}
