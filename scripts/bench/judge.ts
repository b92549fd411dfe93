/**
 * `npm run bench:judge`: a model run of 10,000 pairs (`-- <pairs>` for another size) against the
 * OpenAI-compatible stand-in answering every request after 20 ms, on an endpoint of concurrency 8, run
 * by a job process as the job supervisor runs it (`paralens run-job judge`). The floor the issue sets
 * is what the server itself allows: pairs × 20 ms / 8; beside it a floor measured in the same run (a
 * bare client posting the run's first request body as often, with the same concurrency, to a fresh
 * stand-in while the annotators work: what this machine allows for the traffic alone). Printed: the
 * run's time (its session, from the job's own report, and the span of the requests the stand-in saw)
 * as ratios to both (target ≤ 1.2× the issue's floor), the
 * most requests the stand-in saw in flight (never above 8), and the annotators' latency (`next` and
 * submit, p50/p99, 50 annotators with API tokens pausing about a second per pair) before the run and
 * while it runs, with the load average: a run must not slow the annotators.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { issueApiToken } from '@/lib/auth/api-token';
import { createCampaign } from '@/lib/db/campaigns/campaign-create';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { claimNextQueuedModelRun } from '@/lib/db/model-raters/model-runs';
import { getModelRun } from '@/lib/db/model-raters/model-run-views';
import { jobOwner } from '@/lib/runtime/job-owner';
import { startModelRun } from '@/lib/services/model-raters/start-model-run';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { percentile, runAnnotatorClients, type ClientOptions, type LatencyLog } from './lib/annotator-clients';

type Clients = Omit<ClientOptions, 'durationMs'>;
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';
import { setting } from '@/lib/config/settings';
import { fmt, loadAverage } from './lib/format';
import { generatePairsSql } from './lib/generated-pairs';

interface StandInCounters {
  requests: number;
  maxInFlight: number;
  spanMs: number;
  requestBytes: number;
  responseBytes: number;
  firstBody: unknown;
}

const pairs = Number(process.argv[2] ?? 10_000);
const LATENCY_MS = 20;
const CONCURRENCY = 8;
const ANNOTATORS = 50;
const THINK_MS = 1000;
const TARGET_RATIO = 1.2;
const QUESTIONS = ['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation'];
const load = loadAverage;

async function prepareData(db: Db, url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.log(`Generating ${fmt(pairs)} pairs and a campaign of all of them with ${ANNOTATORS} annotators …`);
    const corpus = await client.query<{ id: number; slug: string }>(
      `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Judge bench', 'judge-bench', 'SILVER', now()) RETURNING "id", "slug"`,
    );
    for (const sql of generatePairsSql(corpus.rows[0]!.id, pairs)) await client.query(sql);
    await refreshCorpusSummary(db, corpus.rows[0]!.id);
    await client.query(
      `INSERT INTO "User" ("email", "name", "role", "passwordHash", "updatedAt")
       SELECT 'judge-bench-' || g || '@paralens.local', 'Judge bench ' || g, 'ANNOTATOR', 'no-password', now() FROM generate_series(1, ${ANNOTATORS}) g`,
    );
    const users = await client.query<{ id: number; email: string }>(
      `SELECT "id", "email" FROM "User" WHERE "email" LIKE 'judge-bench-%' ORDER BY "id"`,
    );
    const tokens: string[] = [];
    for (const u of users.rows) tokens.push((await issueApiToken(db, u.id, 'bench', null)).token);
    const campaign = await createCampaign(
      db,
      {
        name: 'Judge bench campaign',
        corpora: [corpus.rows[0]!.slug],
        sample: { strategy: 'all', seed: 1 },
        questions: QUESTIONS,
        overlap: 3,
        goldEvery: 0,
        randomiseOrder: true,
        holdMinutes: 30,
        members: users.rows.map((u) => u.email),
        status: 'active',
      },
      null,
    );
    await client.query('VACUUM ANALYZE');
    return { campaign, tokens };
  } finally {
    await client.end();
  }
}

function startStandIn(): Promise<{
  child: ChildProcess;
  baseUrl: string;
  counters: Promise<StandInCounters>;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'scripts/bench/lib/stand-in-child.ts'), '--latency', String(LATENCY_MS)],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  let first: ((v: string) => void) | null = null;
  let last: ((v: string) => void) | null = null;
  const firstLine = new Promise<string>((r) => (first = r));
  const counters = new Promise<string>((r) => (last = r));
  let seen = 0;
  lines.on('line', (line) => (seen++ === 0 ? first?.(line) : last?.(line)));
  return firstLine.then((line) => ({
    child,
    baseUrl: (JSON.parse(line) as { baseUrl: string }).baseUrl,
    counters: counters.then((l) => JSON.parse(l) as StandInCounters),
  }));
}

function latencyRow(name: string, quiet: number[], busy: number[]): void {
  const q = [percentile(quiet, 0.5), percentile(quiet, 0.99)];
  const b = [percentile(busy, 0.5), percentile(busy, 0.99)];
  console.log(
    `  ${name.padEnd(17)} ${fmt(q[0]!, 1).padStart(7)} / ${fmt(q[1]!, 1).padStart(7)} ms   ${fmt(b[0]!, 1).padStart(7)} / ${fmt(b[1]!, 1).padStart(7)} ms   ${fmt(b[0]! / q[0]!, 2)}× / ${fmt(b[1]! / q[1]!, 2)}×`,
  );
}

const merge = (logs: LatencyLog[]): LatencyLog => ({
  next: logs.flatMap((l) => l.next),
  submit: logs.flatMap((l) => l.submit),
  floor: logs.flatMap((l) => l.floor),
});

/** Runs `command` (a child process) and, while it runs, the annotators when `clients` is given. */
async function whileRunning(child: ChildProcess, clients: Clients | null): Promise<{ code: number | null; logs: LatencyLog[] }> {
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  let done = false;
  void exited.then(() => (done = true));
  const logs: LatencyLog[] = [];
  if (clients) while (!done) logs.push((await runAnnotatorClients({ ...clients, durationMs: 5000 })).latency);
  return { code: await exited, logs };
}

interface RunTimes {
  status: string;
  message: string;
  code: number | null;
  counters: StandInCounters;
  /** seconds: the span of the requests the stand-in saw, the job's session, the job process */
  span: number;
  session: number;
  wall: number;
  load: string;
  logs: LatencyLog[];
}

/** One model run of every pair on a fresh stand-in, by a job process as the supervisor starts it. */
async function timeRun(db: Db, campaign: string, endpointId: number, clients: Clients | null) {
  const standIn = await startStandIn();
  try {
    const endpoint = await db.modelEndpoint.update({ where: { id: endpointId }, data: { baseUrl: standIn.baseUrl } });
    const created = await startModelRun(db, { id: null }, campaign, { endpoint: endpoint.name, model: 'bench-model' });
    const owner = await jobOwner(db, 'server');
    const claimed = await claimNextQueuedModelRun(db, owner);
    if (claimed?.id !== created.id) throw new Error('the bench run was not the one claimed');
    console.log(
      `Model run #${created.id}: ${fmt(pairs)} requests, concurrency ${CONCURRENCY}, the stand-in answering after ${LATENCY_MS} ms, ${clients ? 'with the annotators working' : 'alone'} …`,
    );
    const started = performance.now();
    // BENCH_PROFILE=DIR: the job process writes a V8 CPU profile there (open it in Chrome's DevTools).
    const profileDir = setting('BENCH_PROFILE');
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const job = spawn(
      process.execPath,
      [...profile, path.join(projectRoot, 'scripts/paralens.mjs'), 'run-job', 'judge', String(created.id)],
      {
        cwd: projectRoot,
        env: { ...process.env, ...benchEnv, DATABASE_URL: benchUrl, AUTH_SECRET: benchSecret },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const { code, logs } = await whileRunning(job, clients);
    const wall = (performance.now() - started) / 1000;
    const during = load();
    const run = await getModelRun(db, created.id);
    standIn.child.kill('SIGTERM');
    const counters = await standIn.counters;
    return {
      status: run?.status ?? 'missing',
      message: run?.message ?? '',
      code,
      counters,
      span: counters.spanMs / 1000 + LATENCY_MS / 1000,
      session: Number(/in ([\d.]+) s/.exec(run?.message ?? '')?.[1] ?? NaN),
      wall,
      load: during,
      logs,
    } satisfies RunTimes;
  } finally {
    if (standIn.child.exitCode === null) standIn.child.kill('SIGTERM');
  }
}

/** The floor measured in this run: the run's first body posted as often by a bare client to a fresh stand-in. */
async function timeBareClient(body: unknown, clients: Clients | null) {
  const standIn = await startStandIn();
  try {
    const bare = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(projectRoot, 'scripts/bench/lib/bare-chat-client.ts'),
        '--base',
        standIn.baseUrl,
        '--requests',
        String(pairs),
        '--concurrency',
        String(CONCURRENCY),
      ],
      { cwd: projectRoot, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    bare.stdin.end(JSON.stringify(body));
    let output = '';
    bare.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const { code, logs } = await whileRunning(bare, clients);
    if (code !== 0) throw new Error('the bare client failed');
    return { seconds: (JSON.parse(output.trim()) as { seconds: number }).seconds, load: load(), logs };
  } finally {
    standIn.child.kill('SIGTERM');
    await standIn.counters;
  }
}

function timesTable(title: string, run: RunTimes, measuredFloor: number, theory: number): void {
  console.log(`\n${title}: ${run.status} (job process exit code ${run.code}) — ${run.message}`);
  console.log(
    `  requests the stand-in answered: ${fmt(run.counters.requests)}; most in flight at once: ${run.counters.maxInFlight} (limit ${CONCURRENCY}); load average ${run.load}`,
  );
  console.log(
    `  ${'time'.padEnd(50)} ${'seconds'.padStart(8)}   vs the issue's floor (target ≤ ${TARGET_RATIO}×)   vs the measured floor`,
  );
  for (const [name, seconds] of [
    ['requests (first to last, as the stand-in saw them)', run.span],
    ['the run’s session (the job’s own report)', run.session],
    ['the job process, start to exit', run.wall],
  ] as const)
    console.log(
      `  ${name.padEnd(50)} ${fmt(seconds, 1).padStart(8)}   ${fmt(seconds / theory, 2).padStart(5)}× ${(seconds / theory <= TARGET_RATIO ? 'met' : 'NOT met').padEnd(30)} ${fmt(seconds / measuredFloor, 2).padStart(5)}×`,
    );
}

const { home, env, database } = await openBenchDatabase('judge');
const benchEnv = env;
const benchUrl = database.url;
const benchSecret = database.authSecret ?? 'bench';
let server: ChildProcess | null = null;
const db = createPrismaClient(database.url);
try {
  const { campaign, tokens } = await prepareData(db, database.url);
  const endpoint = await db.modelEndpoint.create({
    data: { name: 'bench-stand-in', baseUrl: 'http://127.0.0.1:9', concurrency: CONCURRENCY, timeoutSeconds: 30 },
  });
  const served = await serveOnFreePort(env, 'Serving the production build on');
  server = served.server;
  const clients = { baseUrl: served.baseUrl, campaign: campaign.slug, tokens, floorEvery: 4, thinkMs: THINK_MS };
  await runAnnotatorClients({ ...clients, tokens: tokens.slice(0, 5), durationMs: 3000, thinkMs: 0 });
  const theory = (pairs * LATENCY_MS) / CONCURRENCY / 1000;

  // 1. The run alone, against the issue's floor, and the floor measured with the same body.
  const alone = await timeRun(db, campaign.slug, endpoint.id, null);
  console.log(`Floor: ${fmt(pairs)} bare requests of the run's body, concurrency ${CONCURRENCY}, alone …`);
  const bareAlone = await timeBareClient(alone.counters.firstBody, null);
  // 2. The annotators alone, then while a second run runs, then while the bare client sends the same traffic.
  console.log(`Annotators alone (20 s), load average before: ${load()} …`);
  const quiet = await runAnnotatorClients({ ...clients, durationMs: 20_000 });
  const busy = await timeRun(db, campaign.slug, endpoint.id, clients);
  console.log(`Floor: the bare client again, with the annotators working …`);
  const bareBusy = await timeBareClient(alone.counters.firstBody, clients);

  console.log(
    `\nA request's body ${fmt(alone.counters.requestBytes)} bytes (the guidelines, the questions, the JSON schema and the two texts), an answer's ${fmt(alone.counters.responseBytes)}.`,
  );
  console.log(
    `The issue's floor: ${fmt(pairs)} × ${LATENCY_MS} ms / ${CONCURRENCY} = ${fmt(theory, 1)} s. Measured floors (a bare client posting the same body as often): alone ${fmt(bareAlone.seconds, 1)} s (${fmt(bareAlone.seconds / theory, 2)}×, load ${bareAlone.load}); with the annotators working ${fmt(bareBusy.seconds, 1)} s (${fmt(bareBusy.seconds / theory, 2)}×, load ${bareBusy.load}).`,
  );
  timesTable('The run alone', alone, bareAlone.seconds, theory);
  timesTable('The run with the annotators working', busy, bareBusy.seconds, theory);

  console.log(`\nAnnotators (${ANNOTATORS}, pausing ~${THINK_MS} ms): p50 / p99 alone, while the run runs, and the ratio`);
  const during = merge(busy.logs);
  latencyRow('GET next', quiet.latency.next, during.next);
  latencyRow('POST annotations', quiet.latency.submit, during.submit);
  latencyRow('GET /api/health', quiet.latency.floor, during.floor);
  console.log(`  and while the bare client sends the same traffic without Paralens:`);
  const duringBare = merge(bareBusy.logs);
  latencyRow('GET next', quiet.latency.next, duringBare.next);
  latencyRow('POST annotations', quiet.latency.submit, duringBare.submit);
} finally {
  await db.$disconnect();
  await stopBench(server, database, home);
}
