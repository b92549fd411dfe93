/**
 * bench:explore's figures straight from the database (no server): the randomised mix's database
 * time per plan (`databaseMix`), its page statements' shared buffers (`buffersMix`) and every
 * plan forced on its range queries (`plansMix`); with the percentile printing both the HTTP and
 * the database mixes use. scripts/bench/explore.ts describes the mixes and their options.
 */
import { fmt } from './format';
import { loadavg } from 'node:os';
import { listPairPage, planPage } from '@/lib/db/pairs/pair-list';
import type { ListOptions } from '@/lib/db/pairs/pair-plans';
import { pairPageSql, type PagePlan } from '@/lib/db/pairs/pair-query';
import { createSqlPool, type SqlPool } from '@/lib/db/sql-pool';
import { pairFilterToParams, parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import { decodePairCursor } from '@/lib/explore/pair-cursor';
import { randomExploreMix, RANDOM_SHAPES } from './explore-mix';

/** Issue 40's explorer target: p95 ≤ 50 ms up to 1,000,000 pairs, ≤ 100 ms above (it names 10,000,000). */
export const exploreTargetMs = (pairs: number) => (pairs > 1_000_000 ? 100 : 50);
export const load = () =>
  `load average ${loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}`;

/** The randomised mix to replay: its seed, queries per shape, and whether only the chosen plans run. */
export interface DatabaseMixOptions {
  seed: number;
  perShape: number;
  chosenOnly?: boolean;
  /** the p95 target for the corpus's size (exploreTargetMs) */
  targetMs: number;
  /** before the measured mix, send another seed's mix (the server as in use, not just started) */
  warmSeed?: number;
}

/** Percentile q of sorted times (nearest rank). */
export function at(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** p50/p95/max of each named series, one line each, in `names` order. */
export function printPercentiles(
  times: Map<string, number[]>,
  names: string[],
  floorMs: number | null,
  targetMs: number,
): number {
  console.log(
    `  ${'shape'.padEnd(40)} ${'n'.padStart(4)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}${floorMs === null ? '' : '   p50 / health'}`,
  );
  let worst = 0;
  for (const name of names) {
    const sorted = (times.get(name) ?? []).sort((a, b) => a - b);
    if (sorted.length === 0) continue;
    const [p50, p95, max] = [at(sorted, 0.5), at(sorted, 0.95), sorted.at(-1)!];
    worst = Math.max(worst, p95);
    const ratio = floorMs === null ? '' : `   ${fmt(p50 / floorMs, 1).padStart(5)}×`;
    console.log(
      `  ${name.padEnd(40)} ${String(sorted.length).padStart(4)} ${fmt(p50, 1).padStart(7)} ms ${fmt(p95, 1).padStart(7)} ms ${fmt(max, 1).padStart(7)} ms${ratio}  ${p95 <= targetMs ? 'met' : 'NOT met'}`,
    );
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
export async function buffersMix(databaseUrl: string, { seed, perShape }: DatabaseMixOptions) {
  const pool: SqlPool = createSqlPool(databaseUrl, 2);
  try {
    const variants: Array<[string, ListOptions]> = [
      ['chosen plan', {}],
      ['before range plans', { rangePlans: false }],
    ];
    console.log(
      `\nRandomised mix, seed ${seed}: shared buffers per page statement (EXPLAIN ANALYZE, BUFFERS), p50 / p95 / max; ${load()}\n`,
    );
    const buffers = new Map<string, number[]>();
    const ms = new Map<string, number[]>();
    const plans = new Map<string, Map<string, number>>();
    const push = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
    for (const [i, { shape, query }] of randomExploreMix(seed, perShape).entries()) {
      const next = (await listPairPage(pool, mixFilter(query))).nextCursor;
      for (const [page, cursor] of [
        ['', null],
        [', next page', next],
      ] as const) {
        if (page && !cursor) continue;
        for (const [variant, opts] of i % 2 === 0 ? variants : [...variants].reverse()) {
          const planned = await planPage(pool, mixFilter(query, cursor), opts);
          const sql = pairPageSql(planned, planned.filter.limit + 1, false, planned.plan);
          const result = await pool.query<{
            'QUERY PLAN': Array<{
              Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
              'Execution Time': number;
            }>;
          }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql.text}`, sql.values);
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
    for (const name of RANDOM_SHAPES.flatMap((s) => [s, `${s}, next page`]).flatMap((s) =>
      variants.map(([v]) => `${s} · ${v}`),
    )) {
      const b = (buffers.get(name) ?? []).sort((x, y) => x - y);
      const t = (ms.get(name) ?? []).sort((x, y) => x - y);
      if (b.length === 0) continue;
      const chosen = [...(plans.get(name) ?? [])].map(([p, n]) => `${p} ${n}`).join(', ');
      console.log(
        `  ${name.padEnd(44)} ${String(b.length).padStart(4)}   ${[at(b, 0.5), at(b, 0.95), b.at(-1)!].map((x) => fmt(x).padStart(7)).join(' ')}   ${fmt(at(t, 0.5), 1).padStart(7)} ${fmt(at(t, 0.95), 1).padStart(7)}   ${chosen}`,
      );
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
export async function plansMix(databaseUrl: string, { seed, perShape }: DatabaseMixOptions) {
  const pool: SqlPool = createSqlPool(databaseUrl, 2);
  // a forced plan can be hopeless (setwalk with a set too large to hash runs for minutes): 2 s at most
  pool.on('connect', (c) => void c.query('SET statement_timeout = 2000'));
  const plans: Array<PagePlan | 'chosen'> = ['chosen', 'walk', 'matches', 'intersect', 'setwalk'];
  try {
    const queries = randomExploreMix(seed, perShape).filter((q) => q.shape === 'range, sort' || q.shape === 'two ranges, sort');
    for (const { query } of queries.slice(0, 4)) await listPairPage(pool, mixFilter(query));
    console.log(
      `\nRandomised mix, seed ${seed}: range queries, database time of the first page per plan (fastest of 2, ms; 2,000: stopped at 2 s); ${load()}\n`,
    );
    console.log(`  ${plans.map((p) => p.padStart(9)).join(' ')}   chosen as   query`);
    const lost: number[] = [];
    for (const { query } of queries) {
      const ms: number[] = [];
      for (const plan of plans) {
        let best = Infinity;
        for (let r = 0; r < 2 && (r === 0 || best < 2000); r++) {
          const t = performance.now();
          const ok = await listPairPage(pool, mixFilter(query), plan === 'chosen' ? {} : { plan }).then(
            () => true,
            () => false,
          );
          best = ok ? Math.min(best, performance.now() - t) : 2000;
        }
        ms.push(best);
      }
      const chosen = (await planPage(pool, mixFilter(query))).plan;
      lost.push(ms[0]! - Math.min(...ms.slice(1)));
      console.log(`  ${ms.map((x) => fmt(x, 1).padStart(9)).join(' ')}   ${chosen.padEnd(10)}   ${query}`);
    }
    lost.sort((a, b) => a - b);
    console.log(
      `\nChosen against the fastest forced plan: p50 ${fmt(at(lost, 0.5), 1)} ms, p95 ${fmt(at(lost, 0.95), 1)} ms more (${load()})`,
    );
  } finally {
    await pool.end();
  }
}

/**
 * A server in use: another seed's mix (the same shapes, other measures, ranges and texts), each query's
 * first and next page with the chosen plan, so the shared buffers hold what such pages read, but not
 * the measured queries' own rows.
 */
async function warmWithMix(pool: SqlPool, warmSeed: number, perShape: number): Promise<void> {
  const t = performance.now();
  const warming = randomExploreMix(warmSeed, perShape);
  for (const { query } of warming) {
    const first = await listPairPage(pool, mixFilter(query));
    if (first.nextCursor) await listPairPage(pool, mixFilter(query, first.nextCursor));
  }
  console.log(
    `\nThe server in use first: seed ${warmSeed}'s mix (${warming.length} queries, first and next pages, the chosen plans) in ${fmt((performance.now() - t) / 1000, 1)} s; ${load()}`,
  );
}

/**
 * The randomised mix in this process through lib/db/pairs/pair-list.ts: the chosen plan, the plans
 * before the range plans, and the walk plan (what every range page did first), in turn.
 */
export async function databaseMix(databaseUrl: string, { seed, perShape, chosenOnly, targetMs, warmSeed }: DatabaseMixOptions) {
  const pool: SqlPool = createSqlPool(databaseUrl, 2);
  try {
    const queries = randomExploreMix(seed, perShape);
    if (warmSeed !== undefined) await warmWithMix(pool, warmSeed, perShape);
    const variants: Array<[string, ListOptions]> = [
      ['chosen plan', {}],
      ['before range plans', { rangePlans: false }], // decision 009's first version
      ['walk always (before)', { plan: 'walk', textIdLimit: 1000 }], // decision 006's pages
    ].slice(0, chosenOnly ? 1 : 3) as Array<[string, ListOptions]>;
    const filterOf = mixFilter;
    // warm the pool's connections (catalogue caches), as a running server's are
    for (const { query } of queries.slice(0, 8)) await listPairPage(pool, filterOf(query));
    console.log(
      `\nRandomised mix, seed ${seed}, database time in this process (lib/db/pairs/pair-list.ts, no Next.js): the chosen plan, the plans before the range plans and the walk plan, each first in turn; ${load()}\n`,
    );
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
        record(
          `${shape}, next page · ${variant}`,
          performance.now() - t,
          `${pairFilterToParams(filterOf(query)).toString()} (page 2)`,
        );
      }
    }
    const names = RANDOM_SHAPES.flatMap((s) => [s, `${s}, next page`]).flatMap((s) => variants.map(([v]) => `${s} · ${v}`));
    const worst = printPercentiles(times, names, null, targetMs);
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
