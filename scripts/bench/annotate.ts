/**
 * `npm run bench:annotate`: 1,000,000 generated pairs (`-- <pairs>` for another size), one campaign
 * of all of them (overlap 3) with 100 annotator accounts and API tokens, and 100 simulated
 * annotators (HTTP clients) calling next and submit against the production build for 60 seconds
 * (BENCH_SECONDS) without pausing, then again with a think time (BENCH_THINK_MS, default 1000 ms;
 * 0 skips that phase; paced annotators start out of step). 20 gold pairs, one handed out in every
 * BENCH_GOLD_EVERY (default 5; 0: none). Prints p50/p99 of next and submit, errors and throughput
 * next to the targets (p99 ≤ 50 ms, no errors), the floor — GET /api/health timed by the same
 * clients at the same time (the same web server path plus one database round trip) — and ratios to
 * it; for the phase without pauses also Little's law (mean latency = clients / throughput) against
 * the machine's ceiling (cores / CPU per request); then checks in SQL that every acknowledged
 * submission is stored exactly once and no pair has more than 3 answers plus holds. The p99 target
 * is judged on the paced phase: annotators read before they answer, and 100 clients that never
 * pause are a capacity test whose latency Little's law fixes (docs/decisions/007).
 */
import { fmt } from './lib/format';
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { createCampaign } from '@/lib/db/campaigns/campaign-create';
import { checkAssignmentInvariants } from '@/lib/db/campaigns/assignment-invariants';
import { createSqlPool } from '@/lib/db/sql-pool';
import { setGoldAnswer } from '@/lib/db/campaigns/gold';
import { issueApiToken } from '@/lib/auth/api-token';
import { generatePairsSql } from './lib/generated-pairs';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';
import { percentile, runAnnotatorClients, type ClientOptions, type ClientRun } from './lib/annotator-clients';
import { cpuSecondsOfTree, postmasterPid } from './lib/process-tree-cpu';
import { setting } from '@/lib/config/settings';

const pairs = Number(process.argv[2] ?? 1_000_000);
const seconds = setting('BENCH_SECONDS');
const thinkMs = setting('BENCH_THINK_MS');
/** one gold pair in every N handed out (the campaign default, 5; 0 = none), over GOLD_PAIRS gold pairs */
const goldEvery = setting('BENCH_GOLD_EVERY');
const GOLD_PAIRS = 20;
const ANNOTATORS = 100;
const OVERLAP = 3;
const TARGET_P99_MS = 50;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function prepareData(url: string) {
  const db = createPrismaClient(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.log(`Generating ${fmt(pairs)} pairs in one corpus …`);
    let t = performance.now();
    const corpus = await client.query<{ id: number; slug: string }>(
      `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Generated ${pairs}', 'generated', 'SILVER', now()) RETURNING "id", "slug"`,
    );
    const corpusId = corpus.rows[0]!.id;
    for (const sql of generatePairsSql(corpusId, pairs)) await client.query(sql);
    await refreshCorpusSummary(db, corpusId);
    console.log(`  ${fmt((performance.now() - t) / 1000, 1)} s`);
    console.log(`Creating ${ANNOTATORS} annotator accounts with API tokens …`);
    await client.query(
      `INSERT INTO "User" ("email", "name", "role", "passwordHash", "updatedAt")
       SELECT 'bench-annotator-' || g || '@paralens.local', 'Bench annotator ' || g, 'ANNOTATOR', 'no-password', now() FROM generate_series(1, ${ANNOTATORS}) g`,
    );
    const users = await client.query<{ id: number; email: string }>(
      `SELECT "id", "email" FROM "User" WHERE "email" LIKE 'bench-annotator-%' ORDER BY "id"`,
    );
    const tokens: string[] = [];
    for (const u of users.rows) tokens.push((await issueApiToken(db, u.id, 'bench', null)).token);
    console.log(
      `Creating the campaign: all ${fmt(pairs)} pairs, overlap ${OVERLAP}, ${ANNOTATORS} members (seeded order in SQL) …`,
    );
    t = performance.now();
    const campaign = await createCampaign(
      db,
      {
        name: 'Bench campaign',
        corpora: [corpus.rows[0]!.slug],
        sample: { strategy: 'all', seed: 1 },
        questions: ['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation', 'rationale'],
        overlap: OVERLAP,
        goldEvery,
        randomiseOrder: true,
        members: users.rows.map((u) => u.email),
        holdMinutes: 30,
        status: 'active',
      },
      null,
    );
    console.log(`  ${fmt(campaign.items)} items in ${fmt((performance.now() - t) / 1000, 1)} s`);
    if (goldEvery > 0) {
      // gold pairs spread over the campaign (every 50,000th item), one in every goldEvery handed out
      const gold = await client.query<{ pairId: number }>(
        `SELECT "pairId" FROM "CampaignItem" WHERE "campaignId" = $1 AND "position" % 50000 = 7 ORDER BY "position" LIMIT ${GOLD_PAIRS}`,
        [campaign.id],
      );
      const pool = createSqlPool(url, 1);
      for (const g of gold.rows)
        await setGoldAnswer(pool, campaign.id, { pairId: g.pairId, answers: { semantic: 2 }, explanation: 'bench gold pair' });
      await pool.end();
      console.log(`  ${gold.rows.length} gold pairs, one in every ${goldEvery} handed out`);
    }
    await client.query('VACUUM ANALYZE');
    return { campaign, tokens };
  } finally {
    await client.end();
    await db.$disconnect();
  }
}

interface Phase {
  run: ClientRun;
  seconds: number;
  /** the clients' pause before each answer (0: none) */
  thinkMs: number;
  /** CPU milliseconds per request of the web server (with its children), PostgreSQL and the clients */
  cpuMs: { server: number; postgres: number; clients: number };
}

/** Runs the clients and measures the CPU the server, PostgreSQL and the clients spent meanwhile. */
async function measure(options: ClientOptions, serverPid: number, pgPid: number): Promise<Phase> {
  const before = { server: cpuSecondsOfTree(serverPid), postgres: cpuSecondsOfTree(pgPid), clients: process.cpuUsage() };
  const started = performance.now();
  const run = await runAnnotatorClients(options);
  const secondsTaken = (performance.now() - started) / 1000;
  const clients = process.cpuUsage(before.clients);
  const requests = Math.max(1, run.latency.next.length + run.latency.submit.length + run.latency.floor.length);
  const perRequest = (s: number) => (s * 1000) / requests;
  return {
    run,
    seconds: secondsTaken,
    thinkMs: options.thinkMs,
    cpuMs: {
      server: perRequest(cpuSecondsOfTree(serverPid) - before.server),
      postgres: perRequest(cpuSecondsOfTree(pgPid) - before.postgres),
      clients: perRequest((clients.user + clients.system) / 1e6),
    },
  };
}

function row(name: string, values: number[], floor: number[] | null): number {
  const p50 = percentile(values, 0.5);
  const p99 = percentile(values, 0.99);
  const ratio = floor ? `${fmt(p50 / percentile(floor, 0.5), 1)}× / ${fmt(p99 / percentile(floor, 0.99), 1)}×` : '';
  const verdict = floor ? (p99 <= TARGET_P99_MS ? 'met' : 'NOT met') : '';
  console.log(
    `  ${name.padEnd(18)} ${fmt(values.length).padStart(8)} ${fmt(p50, 1).padStart(8)} ms ${fmt(p99, 1).padStart(8)} ms   ${ratio.padEnd(16)} ${verdict}`,
  );
  return p99;
}

/**
 * Little's law for clients that never pause: they keep one request each in flight, so the mean
 * latency is clients / throughput, whatever the server does. The machine's ceiling for this work is
 * its cores divided by the CPU one request costs in all processes (web server, PostgreSQL, clients).
 */
function littlesLaw(phase: Phase, requests: number): void {
  const { server, postgres, clients } = phase.cpuMs;
  const cpuMs = server + postgres + clients;
  const ceiling = (cpus().length * 1000) / cpuMs;
  const needed = ANNOTATORS / (TARGET_P99_MS / 1000);
  console.log(
    `  Little's law: ${ANNOTATORS} clients that never pause keep ${ANNOTATORS} requests in flight, so mean latency = ${ANNOTATORS} / throughput = ${fmt((ANNOTATORS / (requests / phase.seconds)) * 1000, 1)} ms here.`,
  );
  console.log(
    `  A mean (let alone a p99) of ${TARGET_P99_MS} ms needs ${fmt(needed)} requests/s; this machine's ceiling for this work is ${cpus().length} cores / ${fmt(cpuMs, 2)} ms CPU per request = ${fmt(ceiling)} requests/s (${fmt((100 * requests) / phase.seconds / ceiling)} % reached), so mean latency ≥ ${fmt((ANNOTATORS / ceiling) * 1000)} ms.`,
  );
}

function report(title: string, phase: Phase): { worstP99: number } {
  const { next, submit, floor } = phase.run.latency;
  const requests = next.length + submit.length + floor.length;
  console.log(
    `\n${title}\n  ${'request'.padEnd(18)} ${'count'.padStart(8)} ${'p50'.padStart(11)} ${'p99'.padStart(11)}   ${'vs floor p50/p99'.padEnd(16)} target p99 ≤ ${TARGET_P99_MS} ms`,
  );
  row('GET /api/health', floor, null);
  const worst = next.length === 0 ? 0 : Math.max(row('GET next', next, floor), row('POST annotations', submit, floor));
  const { server, postgres, clients } = phase.cpuMs;
  console.log(
    `  throughput: ${fmt(requests / phase.seconds)} requests/s${next.length > 0 ? ` (${fmt(next.length / phase.seconds)} next/s, ${fmt(submit.length / phase.seconds)} submits/s)` : ''}`,
  );
  console.log(
    `  CPU per request: web server ${fmt(server, 2)} ms, PostgreSQL ${fmt(postgres, 2)} ms, the clients ${fmt(clients, 2)} ms`,
  );
  if (phase.thinkMs === 0 && next.length > 0) littlesLaw(phase, requests);
  console.log(
    `  errors: ${phase.run.errors}${phase.run.errorSamples.length > 0 ? `\n    ${phase.run.errorSamples.join('\n    ')}` : ''}${phase.run.exhausted > 0 ? `   annotators out of pairs: ${phase.run.exhausted}` : ''}`,
  );
  return { worstP99: worst };
}

const { home, env, database } = await openBenchDatabase('annotate');
let server: ChildProcess | null = null;
try {
  const { campaign, tokens } = await prepareData(database.url);
  const served = await serveOnFreePort(env, 'Serving the production build on');
  server = served.server;
  const baseUrl = served.baseUrl;
  const clients = { baseUrl, campaign: campaign.slug, tokens, floorEvery: 4 };
  const serverPid = server.pid!;
  const pgPid = postmasterPid(path.join(home, 'pgdata'));
  console.log('Warming up (5 s, 10 annotators) …');
  const warm = await runAnnotatorClients({ ...clients, tokens: tokens.slice(0, 10), durationMs: 5000, thinkMs: 0 });
  const acknowledged = [...warm.acknowledged];
  let errors = warm.errors;
  console.log(`Load average before the runs: ${load()} (the machine is shared; 2 cores)`);
  const floorOnly = await measure({ ...clients, durationMs: 10_000, thinkMs: 0, healthOnly: true }, serverPid, pgPid);
  errors += floorOnly.run.errors;
  report(`The floor alone: ${ANNOTATORS} clients calling GET /api/health without pausing, 10 s`, floorOnly);
  const hammer = await measure({ ...clients, durationMs: seconds * 1000, thinkMs: 0 }, serverPid, pgPid);
  acknowledged.push(...hammer.run.acknowledged);
  errors += hammer.run.errors;
  const results = [report(`${ANNOTATORS} annotators without pausing, ${seconds} s (load average after: ${load()})`, hammer)];
  if (thinkMs > 0) {
    const paced = await measure({ ...clients, durationMs: seconds * 1000, thinkMs }, serverPid, pgPid);
    acknowledged.push(...paced.run.acknowledged);
    errors += paced.run.errors;
    results.push(
      report(
        `${ANNOTATORS} annotators pausing ${thinkMs} ms (±50 %) before each answer, ${seconds} s (load average after: ${load()})`,
        paced,
      ),
    );
  }
  console.log(
    '\nChecking in SQL: every acknowledged submission stored exactly once, answers + holds ≤ overlap, counters agree …',
  );
  const pool = createSqlPool(database.url, 2);
  const t = performance.now();
  const problems = await checkAssignmentInvariants(pool, campaign.id, { acknowledged });
  await pool.end();
  console.log(
    `  ${fmt(acknowledged.length)} acknowledged submissions; ${problems.length === 0 ? 'no problems' : `${problems.length} problem(s):\n    ${problems.join('\n    ')}`} (${fmt((performance.now() - t) / 1000, 1)} s)`,
  );
  const met = results.map((r) => (r.worstP99 <= TARGET_P99_MS ? 'met' : 'NOT met'));
  console.log(
    `\nTargets: p99 ≤ ${TARGET_P99_MS} ms (${met[1] ? `annotators with think time: ${met[1]}; ` : ''}without pausing: ${met[0]}, see Little's law above), zero errors (${errors === 0 ? 'met' : `NOT met: ${errors}`}), no lost or duplicated answers (${problems.length === 0 ? 'met' : 'NOT met'}).`,
  );
} finally {
  await stopBench(server, database, home);
}
