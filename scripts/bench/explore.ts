/**
 * `npm run bench:explore`: server time of explorer result pages on 1,000,000 generated pairs
 * (`-- <pairs>` for another size). Starts a throwaway embedded PostgreSQL with the demo data, adds
 * one corpus of generated pairs (as bench:pages does), builds the explorer indexes as the index job
 * would after an import (timed), serves the production build and times two mixes of
 * `GET /api/v1/pairs` queries, 100 rows a page:
 * - the fixed mix, warm: each one sort and one filter (text search included), first pages and a
 *   cursor page; p50/p95 per query of 20 requests;
 * - a randomised mix (scripts/bench/lib/explore-mix.ts, seeded, the seed printed): ranges
 *   on one or two measures sorted by another, text searches and map cells sorted by a measure, at
 *   several selectivities, some with a tier, type or annotation-state filter; each query timed once
 *   as a researcher would send it, then its next page; p50/p95/max per shape. The same queries are
 *   also timed in this process straight through lib/db/pairs/pair-list.ts (database time: planning, the
 *   plan's estimate and the page statement, without Next.js), each with the chosen plan, with the
 *   plans before the range plans (decision 009's first version) and with the walk plan forced (what
 *   every page did before the range plans), in turn under the same load.
 * Both next to the target (p95 ≤ 50 ms) and to /api/health measured in the same run (the floor: one
 * request through Next.js with one database round trip; the pair list also checks the session).
 *
 * Options: `[pairs]` or `--pairs N` (default 1,000,000; `10_000_000` is read too); `--keep DIR`
 * keeps the PARALENS_HOME (database included) in DIR and reuses the generated corpus found there
 * (generating 10,000,000 pairs takes about 7 minutes, their indexes longer; a generation cut short
 * resumes from its last whole million); `--seed N` (default: random, printed),
 * `--per-shape N` queries of each shape (30), `--mix fixed|random|database|buffers|plans` for one
 * mix only (database: the randomised mix's database time alone, no server, for the chosen plans,
 * those before the range plans and the walk plan; buffers: its page statements under EXPLAIN
 * (ANALYZE, BUFFERS), the shared buffers each touches, which the machine's load does not change,
 * for the chosen plans and those before the range plans; plans: the range queries with every plan
 * forced, per query), `--chosen-only` for the database mix with the chosen plans alone (at
 * 10,000,000 pairs the walk-only pages take seconds each), `--warm-seed N` for the database mix on a
 * server in use: another seed's mix sent first, unmeasured (the same shapes over other measures,
 * ranges and texts), since a just-started server reads every page's rows into its buffers, `--prepare`
 * to stop after generating and indexing (with --keep: the database for later runs).
 */
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { buildExplorerIndexes } from '@/lib/db/pairs/explore-indexes';
import { demoPassword } from '@/lib/runtime/demo';
import { keptOrGeneratedCorpus } from './lib/generated-corpus';
import { randomExploreMix, RANDOM_SHAPES } from './lib/explore-mix';
import { fmt } from './lib/format';
import { buffersMix, databaseMix, exploreTargetMs, load, plansMix, printPercentiles } from './lib/explore-database';
import { signInOverHttp, timeRequests, type Timing, NEXT_ROUTED_HEALTH } from './lib/http-timing';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';
import { parsePairs } from './lib/bench-args';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    keep: { type: 'string' },
    pairs: { type: 'string' },
    seed: { type: 'string' },
    'per-shape': { type: 'string' },
    mix: { type: 'string' },
    prepare: { type: 'boolean' },
    'chosen-only': { type: 'boolean' },
    'warm-seed': { type: 'string' },
  },
});
const pairs = parsePairs(options.pairs ?? positionals[0] ?? '1000000');
const seed = options.seed !== undefined ? Number(options.seed) : Math.floor(Math.random() * 1e9);
const perShape = Number(options['per-shape'] ?? 30);
const runFixed = options.mix === undefined || options.mix === 'fixed';
const runRandom = options.mix === undefined || options.mix === 'random';
const runDatabase = runRandom || options.mix === 'database';
const TARGET_MS = exploreTargetMs(pairs);
const warmSeed = options['warm-seed'] !== undefined ? Number(options['warm-seed']) : undefined;
if (warmSeed !== undefined && (!Number.isInteger(warmSeed) || warmSeed === seed))
  throw new Error(`--warm-seed needs a whole number other than the measured seed (${seed})`);
const mixOptions = { seed, perShape, chosenOnly: options['chosen-only'], targetMs: TARGET_MS, warmSeed };

/**
 * The mix: one sort and at most one filter each (the generated captions: "Generated caption N of a
 * picture of a bridge over a river in the year Y.").
 */
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

const { home, env, database } = await openBenchDatabase('explore', options.keep);
let server: ChildProcess | null = null;
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const corpusId = (await keptOrGeneratedCorpus(client, db, pairs, home)).id;

  console.log(
    `Building the explorer indexes of every corpus (what the index job does after an import; kept ones are not rebuilt) … (${load()})`,
  );
  const t = performance.now();
  const count = await buildExplorerIndexes(client, corpusId);
  const generatedSeconds = (performance.now() - t) / 1000;
  const others = await client.query<{ id: number }>('SELECT "id" FROM "Corpus" WHERE "id" <> $1', [corpusId]);
  for (const c of others.rows) await buildExplorerIndexes(client, c.id);
  await client.query(`UPDATE "IndexJob" SET "status" = 'SUCCEEDED' WHERE "status" = 'QUEUED'`); // nothing left for the server's job supervisor
  console.log(
    `  ${count} indexes for the generated corpus in ${fmt(generatedSeconds, 1)} s (${fmt((generatedSeconds * 1e6) / pairs, 1)} µs per pair)`,
  );
  const size = await client.query<{ size: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS size');
  console.log(`  database size ${size.rows[0]!.size}`);
  await client.end();
  await db.$disconnect();
  if (runDatabase && !options.prepare) await databaseMix(database.url, mixOptions);
  if (options.mix === 'buffers' && !options.prepare) await buffersMix(database.url, mixOptions);
  if (options.mix === 'plans' && !options.prepare) await plansMix(database.url, mixOptions);
  if ((runFixed || runRandom) && !options.prepare) await serveAndTime(env, (s) => (server = s));
} finally {
  await stopBench(server, database, home, options.keep !== undefined);
}

/** Serves the production build (handed to `started`, the caller stops it) and times the mixes. */
async function serveAndTime(env: NodeJS.ProcessEnv, started: (server: ChildProcess) => void): Promise<void> {
  const served = await serveOnFreePort(env);
  started(served.server);
  const baseUrl = served.baseUrl;
  const cookie = await signInOverHttp(baseUrl, 'researcher@paralens.local', demoPassword);
  const floor = await timeRequests(baseUrl, NEXT_ROUTED_HEALTH, '', 30, 5);
  const url = (query: string) =>
    query.startsWith('ALL:') ? `/api/v1/pairs?${query.slice(4)}` : `/api/v1/pairs?corpus=generated${query ? `&${query}` : ''}`;

  console.log(`/api/health (floor): p50 ${fmt(floor.median, 1)} ms, p95 ${fmt(floor.p95, 1)} ms`);
  if (runFixed) await fixedMix(baseUrl, cookie, url, floor);
  if (runRandom) await randomMix(baseUrl, cookie, url, floor);
}

async function fixedMix(baseUrl: string, cookie: string, url: (query: string) => string, floor: Timing) {
  // A cursor page deep into a sort: page 1, then the page after it.
  const first = (await (await fetch(`${baseUrl}${url('sort=-bleu')}`, { headers: { cookie } })).json()) as { nextCursor: string };
  mix.push(['sort -bleu, next page', `sort=-bleu&cursor=${first.nextCursor}`]);

  console.log(
    `\nFixed mix: server time per result page of 100 pairs, warm, ${fmt(pairs)} pairs (p50 / p95 of 20 requests; target p95 ≤ ${TARGET_MS} ms; ${load()})\n`,
  );
  console.log(`  ${'/api/health (floor)'.padEnd(30)} ${fmt(floor.median, 1).padStart(7)} ms ${fmt(floor.p95, 1).padStart(7)} ms`);
  const results: Array<[string, Timing]> = [];
  for (const [name, query] of mix) {
    const r = await timeRequests(baseUrl, url(query), cookie, 20, 3);
    results.push([name, r]);
    const status = r.status === 200 ? '' : `status ${r.status}!`;
    console.log(
      `  ${name.padEnd(30)} ${fmt(r.median, 1).padStart(7)} ms ${fmt(r.p95, 1).padStart(7)} ms   ${fmt(r.median / floor.median, 1).padStart(5)}× health  ${r.p95 <= TARGET_MS ? 'met' : 'NOT met'} ${status}`,
    );
  }
  const medians = results.map(([, r]) => r.median).sort((a, b) => a - b);
  const p95s = results.map(([, r]) => r.p95).sort((a, b) => a - b);
  const worst = p95s.at(-1)!;
  console.log(
    `\nOver the fixed mix: median of p50s ${fmt(medians[Math.floor(medians.length / 2)]!, 1)} ms, worst p95 ${fmt(worst, 1)} ms (target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}); floor ${fmt(floor.median, 1)} ms (${load()})`,
  );
  const counted = await timeRequests(baseUrl, url('min.bleu=0.9&count=true'), cookie, 5, 1);
  console.log(`For information (not in the target): a page with count=true over a 10% filter, p50 ${fmt(counted.median, 1)} ms`);
}

async function timeOnce(
  baseUrl: string,
  path: string,
  cookie: string,
): Promise<{ ms: number; status: number; nextCursor: string | null }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const body = (await res.json()) as { nextCursor?: string | null };
  return { ms: performance.now() - started, status: res.status, nextCursor: body.nextCursor ?? null };
}

async function randomMix(baseUrl: string, cookie: string, url: (query: string) => string, floor: Timing) {
  const queries = randomExploreMix(seed, perShape);
  console.log(
    `\nRandomised mix, seed ${seed} (--seed ${seed} repeats it): ${perShape} queries per shape, each timed once as sent, then its next page; ${fmt(pairs)} pairs; ${load()}\n`,
  );
  const times = new Map<string, number[]>();
  const slowest = new Map<string, { ms: number; query: string }>();
  const record = (name: string, ms: number, query: string) => {
    times.set(name, [...(times.get(name) ?? []), ms]);
    if (ms > (slowest.get(name)?.ms ?? -1)) slowest.set(name, { ms, query });
  };
  let failures = 0;
  for (const { shape, query } of queries) {
    const first = await timeOnce(baseUrl, url(query), cookie);
    if (first.status !== 200) failures += 1;
    record(shape, first.ms, query);
    if (!first.nextCursor) continue;
    const next = await timeOnce(baseUrl, url(`${query}&cursor=${first.nextCursor}`), cookie);
    if (next.status !== 200) failures += 1;
    record(`${shape}, next page`, next.ms, query);
  }
  const worst = printPercentiles(
    times,
    RANDOM_SHAPES.flatMap((s) => [s, `${s}, next page`]),
    floor.median,
    TARGET_MS,
  );
  console.log(`\nSlowest query of each shape:`);
  for (const [name, s] of slowest) console.log(`  ${name.padEnd(28)} ${fmt(s.ms, 1).padStart(7)} ms  ${s.query}`);
  console.log(
    `\nOver the randomised mix: worst p95 ${fmt(worst, 1)} ms (target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'})${failures ? `, ${failures} requests failed!` : ''}; floor ${fmt(floor.median, 1)} ms (${load()})`,
  );
}
