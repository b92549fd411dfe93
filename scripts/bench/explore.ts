/**
 * `npm run bench:explore`: server time of explorer result pages on 1,000,000 generated pairs
 * (`-- <pairs>` for another size). Starts a throwaway embedded PostgreSQL with the demo data, adds
 * one corpus of generated pairs (as bench:pages does), builds the explorer indexes as the index job
 * would after an import (timed), serves the production build and times a fixed mix of
 * `GET /api/v1/pairs` queries, warm: each one sort and one filter (text search included) with 100 rows,
 * first pages and a cursor page. Prints p50/p95 per query and over the whole mix, next to the
 * target (p95 ≤ 50 ms) and to /api/health measured in the same run (the floor: one request
 * through Next.js with one database round trip; the pair list also checks the session).
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpus-summary';
import { buildExplorerIndexes } from '@/lib/db/explore-indexes';
import { demoPassword } from '@/lib/runtime/demo';
import { generatePairsSql } from './lib/generated-pairs';
import { signInOverHttp, timeRequests, type Timing, NEXT_ROUTED_HEALTH } from './lib/http-timing';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';

const TARGET_MS = 50;
const pairs = Number(process.argv[2] ?? 1_000_000);
const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

/** The mix: one sort and at most one filter each (the generated captions: "Generated caption N of a picture of a bridge over a river in the year Y."). */
const mix: Array<[string, string]> = [
  ['id order', ''],
  ['sort -bleu', 'sort=-bleu'],
  ['sort st', 'sort=st'],
  ['sort -delta', 'sort=-delta'],
  ['range bleu, sort -st', 'min.bleu=0.9&sort=-st'],
  ['narrow range, sort sem', 'min.rouge1=0.5&max.rouge1=0.501&sort=sem'],
  ['map cell 1,3', 'cell=1,3&sort=-delta'],
  ['length ≤ 10', 'max.length=10'],
  ['reference label', 'label=1&sort=-bleu'],
  ['text: common word', 'q=bridge&sort=-bleu'],
  ['text: rare (1 in 200 texts)', 'q=year%201850&sort=-st'],
  ['text: one caption', 'q=caption%2012345%20&sort=bleu'],
  ['text: no match', 'q=helicopter'],
  ['caption type', 'type=CAPTION&sort=-sem'],
  ['unannotated', 'state=unannotated&sort=-syn'],
  ['all corpora, sort -bleu', 'ALL:sort=-bleu'],
];

const { home, env, database } = await openBenchDatabase('explore');
let server: ChildProcess | null = null;
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  console.log(`Generating ${fmt(pairs)} pairs in one corpus …`);
  let t = performance.now();
  const corpus = await client.query<{ id: number; slug: string }>(
    `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Generated ${pairs}', 'generated', 'SILVER', now()) RETURNING "id", "slug"`,
  );
  const corpusId = corpus.rows[0]!.id;
  for (const sql of generatePairsSql(corpusId, pairs)) await client.query(sql);
  await client.query(`UPDATE "Pair" SET "referenceLabel" = (id % 5)::text WHERE "corpusId" = $1`, [corpusId]);
  await client.query('VACUUM ANALYZE "Pair"');
  await refreshCorpusSummary(db, corpusId);
  console.log(`  ${fmt((performance.now() - t) / 1000, 1)} s`);

  console.log('Building the explorer indexes of every corpus (what the index job does after an import) …');
  t = performance.now();
  const count = await buildExplorerIndexes(client, corpusId);
  const generatedSeconds = (performance.now() - t) / 1000;
  const others = await client.query<{ id: number }>('SELECT "id" FROM "Corpus" WHERE "id" <> $1', [corpusId]);
  for (const c of others.rows) await buildExplorerIndexes(client, c.id);
  await client.query(`UPDATE "IndexJob" SET "status" = 'SUCCEEDED' WHERE "status" = 'QUEUED'`); // nothing left for the server's job supervisor
  console.log(`  ${count} indexes for the generated corpus in ${fmt(generatedSeconds, 1)} s (${fmt((generatedSeconds * 1e6) / pairs, 1)} µs per pair)`);
  await client.end();
  await db.$disconnect();

  const served = await serveOnFreePort(env);
  server = served.server;
  const baseUrl = served.baseUrl;
  const cookie = await signInOverHttp(baseUrl, 'researcher@paralens.local', demoPassword);
  const floor = await timeRequests(baseUrl, NEXT_ROUTED_HEALTH, '', 30, 5);
  const url = (query: string) => (query.startsWith('ALL:') ? `/api/v1/pairs?${query.slice(4)}` : `/api/v1/pairs?corpus=generated${query ? `&${query}` : ''}`);

  // A cursor page deep into a sort: page 1, then the page after it.
  const first = (await (await fetch(`${baseUrl}${url('sort=-bleu')}`, { headers: { cookie } })).json()) as { nextCursor: string };
  mix.push(['sort -bleu, next page', `sort=-bleu&cursor=${first.nextCursor}`]);

  console.log(`\nServer time per result page of 100 pairs, warm, ${fmt(pairs)} pairs (p50 / p95 of 20 requests; target p95 ≤ ${TARGET_MS} ms)\n`);
  console.log(`  ${'/api/health (floor)'.padEnd(30)} ${fmt(floor.median, 1).padStart(7)} ms ${fmt(floor.p95, 1).padStart(7)} ms`);
  const all: number[] = [];
  const results: Array<[string, Timing]> = [];
  for (const [name, query] of mix) {
    const r = await timeRequests(baseUrl, url(query), cookie, 20, 3);
    results.push([name, r]);
    all.push(r.median, r.p95);
    const status = r.status === 200 ? '' : `status ${r.status}!`;
    console.log(`  ${name.padEnd(30)} ${fmt(r.median, 1).padStart(7)} ms ${fmt(r.p95, 1).padStart(7)} ms   ${fmt(r.median / floor.median, 1).padStart(5)}× health  ${r.p95 <= TARGET_MS ? 'met' : 'NOT met'} ${status}`);
  }
  const medians = results.map(([, r]) => r.median).sort((a, b) => a - b);
  const p95s = results.map(([, r]) => r.p95).sort((a, b) => a - b);
  const worst = p95s.at(-1)!;
  console.log(`\nOver the mix: median of p50s ${fmt(medians[Math.floor(medians.length / 2)]!, 1)} ms, worst p95 ${fmt(worst, 1)} ms (target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}); floor ${fmt(floor.median, 1)} ms`);
  const counted = await timeRequests(baseUrl, url('min.bleu=0.9&count=true'), cookie, 5, 1);
  console.log(`For information (not in the target): a page with count=true over a 10% filter, p50 ${fmt(counted.median, 1)} ms`);
} finally {
  await stopBench(server, database, home);
}
