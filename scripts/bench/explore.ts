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
 * Options: `--keep DIR` keeps the PARALENS_HOME (database included) in DIR and reuses the generated
 * corpus found there (generating 10,000,000 pairs takes long); `--seed N` (default: random, printed),
 * `--per-shape N` queries of each shape (30), `--mix fixed|random|database|buffers|plans` for one mix only (database: the randomised mix's database time alone, no server, for the chosen plans, those before the range plans and the walk plan; buffers: its page statements under EXPLAIN (ANALYZE, BUFFERS), the shared buffers each touches, which the machine's load does not change, for the chosen plans and those before the range plans; plans: the range queries with every plan forced, per query), `--chosen-only` for the database mix with the chosen plans alone (at 10,000,000 pairs the walk-only pages take seconds each), `--prepare`
 * to stop after generating and indexing (with --keep: the database for later runs).
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { buildExplorerIndexes } from '@/lib/db/pairs/explore-indexes';
import { listPairPage, planPage } from '@/lib/db/pairs/pair-list';
import type { ListOptions } from '@/lib/db/pairs/pair-plans';
import { pairPageSql, type PagePlan } from '@/lib/db/pairs/pair-query';
import { createSqlPool, type SqlPool } from '@/lib/db/sql-pool';
import { pairFilterToParams, parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import { decodePairCursor } from '@/lib/explore/pair-cursor';
import { demoPassword } from '@/lib/runtime/demo';
import { generatePairsSql } from './lib/generated-pairs';
import { randomExploreMix, RANDOM_SHAPES } from './lib/explore-mix';
import { signInOverHttp, timeRequests, type Timing, NEXT_ROUTED_HEALTH } from './lib/http-timing';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';

const TARGET_MS = 50;
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { keep: { type: 'string' }, seed: { type: 'string' }, 'per-shape': { type: 'string' }, mix: { type: 'string' }, prepare: { type: 'boolean' }, 'chosen-only': { type: 'boolean' } },
});
const pairs = Number(positionals[0] ?? 1_000_000);
const seed = options.seed !== undefined ? Number(options.seed) : Math.floor(Math.random() * 1e9);
const perShape = Number(options['per-shape'] ?? 30);
const runFixed = options.mix === undefined || options.mix === 'fixed';
const runRandom = options.mix === undefined || options.mix === 'random';
const runDatabase = runRandom || options.mix === 'database';
const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });
const load = () => `load average ${loadavg().map((l) => fmt(l, 2)).join(' ')}`;

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

const { home, env, database } = await openBenchDatabase('explore', options.keep);
let server: ChildProcess | null = null;
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const kept = await client.query<{ id: number; n: string }>(`SELECT c."id", (SELECT count(*) FROM "Pair" p WHERE p."corpusId" = c."id") AS n FROM "Corpus" c WHERE c."slug" = 'generated'`);
  let corpusId: number;
  if (kept.rows[0]) {
    corpusId = kept.rows[0].id;
    if (Number(kept.rows[0].n) !== pairs) throw new Error(`${home} holds a generated corpus of ${kept.rows[0].n} pairs, not ${pairs}: use another --keep folder`);
    console.log(`Reusing the generated corpus of ${fmt(pairs)} pairs in ${home}.`);
  } else {
    console.log(`Generating ${fmt(pairs)} pairs in one corpus … (${load()})`);
    const t = performance.now();
    const corpus = await client.query<{ id: number; slug: string }>(
      `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Generated ${pairs}', 'generated', 'SILVER', now()) RETURNING "id", "slug"`,
    );
    corpusId = corpus.rows[0]!.id;
    for (const sql of generatePairsSql(corpusId, pairs)) await client.query(sql);
    await client.query(`UPDATE "Pair" SET "referenceLabel" = (id % 5)::text WHERE "corpusId" = $1`, [corpusId]);
    await client.query('VACUUM ANALYZE "Pair"');
    await refreshCorpusSummary(db, corpusId);
    console.log(`  ${fmt((performance.now() - t) / 1000, 1)} s`);
  }

  console.log(`Building the explorer indexes of every corpus (what the index job does after an import; kept ones are not rebuilt) … (${load()})`);
  const t = performance.now();
  const count = await buildExplorerIndexes(client, corpusId);
  const generatedSeconds = (performance.now() - t) / 1000;
  const others = await client.query<{ id: number }>('SELECT "id" FROM "Corpus" WHERE "id" <> $1', [corpusId]);
  for (const c of others.rows) await buildExplorerIndexes(client, c.id);
  await client.query(`UPDATE "IndexJob" SET "status" = 'SUCCEEDED' WHERE "status" = 'QUEUED'`); // nothing left for the server's job supervisor
  console.log(`  ${count} indexes for the generated corpus in ${fmt(generatedSeconds, 1)} s (${fmt((generatedSeconds * 1e6) / pairs, 1)} µs per pair)`);
  const size = await client.query<{ size: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS size');
  console.log(`  database size ${size.rows[0]!.size}`);
  await client.end();
  await db.$disconnect();
  if (runDatabase && !options.prepare) await databaseMix(database.url);
  if (options.mix === 'buffers' && !options.prepare) await buffersMix(database.url);
  if (options.mix === 'plans' && !options.prepare) await plansMix(database.url);
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
  const url = (query: string) => (query.startsWith('ALL:') ? `/api/v1/pairs?${query.slice(4)}` : `/api/v1/pairs?corpus=generated${query ? `&${query}` : ''}`);

  console.log(`/api/health (floor): p50 ${fmt(floor.median, 1)} ms, p95 ${fmt(floor.p95, 1)} ms`);
  if (runFixed) await fixedMix(baseUrl, cookie, url, floor);
  if (runRandom) await randomMix(baseUrl, cookie, url, floor);
}

async function fixedMix(baseUrl: string, cookie: string, url: (query: string) => string, floor: Timing) {
  // A cursor page deep into a sort: page 1, then the page after it.
  const first = (await (await fetch(`${baseUrl}${url('sort=-bleu')}`, { headers: { cookie } })).json()) as { nextCursor: string };
  mix.push(['sort -bleu, next page', `sort=-bleu&cursor=${first.nextCursor}`]);

  console.log(`\nFixed mix: server time per result page of 100 pairs, warm, ${fmt(pairs)} pairs (p50 / p95 of 20 requests; target p95 ≤ ${TARGET_MS} ms; ${load()})\n`);
  console.log(`  ${'/api/health (floor)'.padEnd(30)} ${fmt(floor.median, 1).padStart(7)} ms ${fmt(floor.p95, 1).padStart(7)} ms`);
  const results: Array<[string, Timing]> = [];
  for (const [name, query] of mix) {
    const r = await timeRequests(baseUrl, url(query), cookie, 20, 3);
    results.push([name, r]);
    const status = r.status === 200 ? '' : `status ${r.status}!`;
    console.log(`  ${name.padEnd(30)} ${fmt(r.median, 1).padStart(7)} ms ${fmt(r.p95, 1).padStart(7)} ms   ${fmt(r.median / floor.median, 1).padStart(5)}× health  ${r.p95 <= TARGET_MS ? 'met' : 'NOT met'} ${status}`);
  }
  const medians = results.map(([, r]) => r.median).sort((a, b) => a - b);
  const p95s = results.map(([, r]) => r.p95).sort((a, b) => a - b);
  const worst = p95s.at(-1)!;
  console.log(`\nOver the fixed mix: median of p50s ${fmt(medians[Math.floor(medians.length / 2)]!, 1)} ms, worst p95 ${fmt(worst, 1)} ms (target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}); floor ${fmt(floor.median, 1)} ms (${load()})`);
  const counted = await timeRequests(baseUrl, url('min.bleu=0.9&count=true'), cookie, 5, 1);
  console.log(`For information (not in the target): a page with count=true over a 10% filter, p50 ${fmt(counted.median, 1)} ms`);
}

/** Percentile q of sorted times (nearest rank). */
function at(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

async function timeOnce(baseUrl: string, path: string, cookie: string): Promise<{ ms: number; status: number; nextCursor: string | null }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const body = (await res.json()) as { nextCursor?: string | null };
  return { ms: performance.now() - started, status: res.status, nextCursor: body.nextCursor ?? null };
}

async function randomMix(baseUrl: string, cookie: string, url: (query: string) => string, floor: Timing) {
  const queries = randomExploreMix(seed, perShape);
  console.log(`\nRandomised mix, seed ${seed} (--seed ${seed} repeats it): ${perShape} queries per shape, each timed once as sent, then its next page; ${fmt(pairs)} pairs; ${load()}\n`);
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
  const worst = printPercentiles(times, RANDOM_SHAPES.flatMap((s) => [s, `${s}, next page`]), floor.median);
  console.log(`\nSlowest query of each shape:`);
  for (const [name, s] of slowest) console.log(`  ${name.padEnd(28)} ${fmt(s.ms, 1).padStart(7)} ms  ${s.query}`);
  console.log(`\nOver the randomised mix: worst p95 ${fmt(worst, 1)} ms (target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'})${failures ? `, ${failures} requests failed!` : ''}; floor ${fmt(floor.median, 1)} ms (${load()})`);
}

/** p50/p95/max of each named series, one line each, in `names` order. */
function printPercentiles(times: Map<string, number[]>, names: string[], floorMs: number | null): number {
  console.log(`  ${'shape'.padEnd(40)} ${'n'.padStart(4)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}${floorMs === null ? '' : '   p50 / health'}`);
  let worst = 0;
  for (const name of names) {
    const sorted = (times.get(name) ?? []).sort((a, b) => a - b);
    if (sorted.length === 0) continue;
    const [p50, p95, max] = [at(sorted, 0.5), at(sorted, 0.95), sorted.at(-1)!];
    worst = Math.max(worst, p95);
    const ratio = floorMs === null ? '' : `   ${fmt(p50 / floorMs, 1).padStart(5)}×`;
    console.log(`  ${name.padEnd(40)} ${String(sorted.length).padStart(4)} ${fmt(p50, 1).padStart(7)} ms ${fmt(p95, 1).padStart(7)} ms ${fmt(max, 1).padStart(7)} ms${ratio}  ${p95 <= TARGET_MS ? 'met' : 'NOT met'}`);
  }
  return worst;
}

function mixFilter(query: string, cursor: string | null = null): PairFilter {
  const parsed = parsePairFilter(new URLSearchParams(`corpus=generated&${query}`));
  if (!parsed.ok) throw new Error(`${query}: ${JSON.stringify(parsed.errors)}`);
  return { ...parsed.filter, cursor: cursor ? decodePairCursor(cursor) : null };
}

/**
 * The randomised mix's page statements (first and next page) under EXPLAIN (ANALYZE, BUFFERS):
 * shared buffers touched (hit or read) and execution time, with the chosen plans and with the plans
 * before the range plans (decision 009's first version). Buffers do not depend on the machine's load.
 */
async function buffersMix(databaseUrl: string) {
  const pool: SqlPool = createSqlPool(databaseUrl, 2);
  try {
    const variants: Array<[string, ListOptions]> = [
      ['chosen plan', {}],
      ['before range plans', { rangePlans: false }],
    ];
    console.log(`\nRandomised mix, seed ${seed}: shared buffers per page statement (EXPLAIN ANALYZE, BUFFERS), p50 / p95 / max; ${load()}\n`);
    const buffers = new Map<string, number[]>();
    const ms = new Map<string, number[]>();
    const plans = new Map<string, Map<string, number>>();
    const push = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
    for (const [i, { shape, query }] of randomExploreMix(seed, perShape).entries()) {
      const next = (await listPairPage(pool, mixFilter(query))).nextCursor;
      for (const [page, cursor] of [['', null], [', next page', next]] as const) {
        if (page && !cursor) continue;
        for (const [variant, opts] of i % 2 === 0 ? variants : [...variants].reverse()) {
          const planned = await planPage(pool, mixFilter(query, cursor), opts);
          const sql = pairPageSql(planned, planned.filter.limit + 1, false, planned.plan);
          const result = await pool.query<{ 'QUERY PLAN': Array<{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number }; 'Execution Time': number }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql.text}`, sql.values);
          const top = result.rows[0]!['QUERY PLAN'][0]!;
          const name = `${shape}${page} · ${variant}`;
          push(buffers, name, top.Plan['Shared Hit Blocks'] + top.Plan['Shared Read Blocks']);
          push(ms, name, top['Execution Time']);
          const counts = plans.get(name) ?? new Map<string, number>();
          counts.set(planned.plan, (counts.get(planned.plan) ?? 0) + 1);
          plans.set(name, counts);
        }
      }
    }
    console.log(`  ${'shape · plans'.padEnd(44)} ${'n'.padStart(4)}   buffers p50 / p95 / max      ms p50 / p95   plans chosen`);
    for (const name of RANDOM_SHAPES.flatMap((s) => [s, `${s}, next page`]).flatMap((s) => variants.map(([v]) => `${s} · ${v}`))) {
      const b = (buffers.get(name) ?? []).sort((x, y) => x - y);
      const t = (ms.get(name) ?? []).sort((x, y) => x - y);
      if (b.length === 0) continue;
      const chosen = [...(plans.get(name) ?? [])].map(([p, n]) => `${p} ${n}`).join(', ');
      console.log(`  ${name.padEnd(44)} ${String(b.length).padStart(4)}   ${[at(b, 0.5), at(b, 0.95), b.at(-1)!].map((x) => fmt(x).padStart(7)).join(' ')}   ${fmt(at(t, 0.5), 1).padStart(7)} ${fmt(at(t, 0.95), 1).padStart(7)}   ${chosen}`);
    }
    console.log(`\n(${load()})`);
  } finally {
    await pool.end();
  }
}

/**
 * The randomised mix's range queries (one or two ranges), each with every plan forced and with the
 * chosen one, database time of the first page (fastest of `--repeat`, 2): where each query's time
 * goes and whether the choice was the fastest plan.
 */
async function plansMix(databaseUrl: string) {
  const pool: SqlPool = createSqlPool(databaseUrl, 2);
  // a forced plan can be hopeless (setwalk with a set too large to hash runs for minutes): 2 s at most
  pool.on('connect', (c) => void c.query('SET statement_timeout = 2000'));
  const plans: Array<PagePlan | 'chosen'> = ['chosen', 'walk', 'matches', 'intersect', 'setwalk'];
  try {
    const queries = randomExploreMix(seed, perShape).filter((q) => q.shape === 'range, sort' || q.shape === 'two ranges, sort');
    for (const { query } of queries.slice(0, 4)) await listPairPage(pool, mixFilter(query));
    console.log(`\nRandomised mix, seed ${seed}: range queries, database time of the first page per plan (fastest of 2, ms; 2,000: stopped at 2 s); ${load()}\n`);
    console.log(`  ${plans.map((p) => p.padStart(9)).join(' ')}   chosen as   query`);
    const lost: number[] = [];
    for (const { query } of queries) {
      const ms: number[] = [];
      for (const plan of plans) {
        let best = Infinity;
        for (let r = 0; r < 2 && (r === 0 || best < 2000); r++) {
          const t = performance.now();
          const ok = await listPairPage(pool, mixFilter(query), plan === 'chosen' ? {} : { plan }).then(() => true, () => false);
          best = ok ? Math.min(best, performance.now() - t) : 2000;
        }
        ms.push(best);
      }
      const chosen = (await planPage(pool, mixFilter(query))).plan;
      lost.push(ms[0]! - Math.min(...ms.slice(1)));
      console.log(`  ${ms.map((x) => fmt(x, 1).padStart(9)).join(' ')}   ${chosen.padEnd(10)}   ${query}`);
    }
    lost.sort((a, b) => a - b);
    console.log(`\nChosen against the fastest forced plan: p50 ${fmt(at(lost, 0.5), 1)} ms, p95 ${fmt(at(lost, 0.95), 1)} ms more (${load()})`);
  } finally {
    await pool.end();
  }
}

/** The randomised mix in this process through lib/db/pairs/pair-list.ts: the chosen plan, the plans before the range plans, and the walk plan (what every range page did first), in turn. */
async function databaseMix(databaseUrl: string) {
  const pool: SqlPool = createSqlPool(databaseUrl, 2);
  try {
    const queries = randomExploreMix(seed, perShape);
    const variants: Array<[string, ListOptions]> = [
      ['chosen plan', {}],
      ['before range plans', { rangePlans: false }], // decision 009's first version
      ['walk always (before)', { plan: 'walk', textIdLimit: 1000 }], // decision 006's pages
    ].slice(0, options['chosen-only'] ? 1 : 3) as Array<[string, ListOptions]>;
    const filterOf = mixFilter;
    // warm the pool's connections (catalogue caches), as a running server's are
    for (const { query } of queries.slice(0, 8)) await listPairPage(pool, filterOf(query));
    console.log(`\nRandomised mix, seed ${seed}, database time in this process (lib/db/pairs/pair-list.ts, no Next.js): the chosen plan, the plans before the range plans and the walk plan, each first in turn; ${load()}\n`);
    const times = new Map<string, number[]>();
    const slowest = new Map<string, { ms: number; query: string }>();
    const record = (name: string, ms: number, query: string) => {
      times.set(name, [...(times.get(name) ?? []), ms]);
      if (ms > (slowest.get(name)?.ms ?? -1)) slowest.set(name, { ms, query });
    };
    for (const [i, { shape, query }] of queries.entries()) {
      // rotate which plan goes first: the later ones find the rows the first read in the cache
      for (const [variant, opts] of [...variants.slice(i % variants.length), ...variants.slice(0, i % variants.length)]) {
        let t = performance.now();
        const first = await listPairPage(pool, filterOf(query), opts);
        record(`${shape} · ${variant}`, performance.now() - t, query);
        if (!first.nextCursor) continue;
        t = performance.now();
        await listPairPage(pool, filterOf(query, first.nextCursor), opts);
        record(`${shape}, next page · ${variant}`, performance.now() - t, `${pairFilterToParams(filterOf(query)).toString()} (page 2)`);
      }
    }
    const names = RANDOM_SHAPES.flatMap((s) => [s, `${s}, next page`]).flatMap((s) => variants.map(([v]) => `${s} · ${v}`));
    const worst = printPercentiles(times, names, null);
    console.log(`\nSlowest query of each (database time):`);
    for (const name of names) {
      const s = slowest.get(name);
      if (s) console.log(`  ${name.padEnd(40)} ${fmt(s.ms, 1).padStart(7)} ms  ${s.query}`);
    }
    console.log(`\nDatabase time over the randomised mix: worst p95 ${fmt(worst, 1)} ms, both plans together (${load()})`);
  } finally {
    await pool.end();
  }
}
