/**
 * `npm run bench:judge`: a model run of 10,000 pairs (`-- <pairs>` for another size) against the
 * OpenAI-compatible stand-in answering every request after 20 ms, on an endpoint of concurrency 8, run
 * by a job process as the job supervisor runs it (`paralens run-job judge`). The floor is what the
 * server itself allows: pairs × 20 ms / 8. Printed: the run's time (its session, from the job's own
 * report, and the span of the requests the stand-in saw) as ratios to the floor (target ≤ 1.2×), the
 * most requests the stand-in saw in flight (never above 8), and the annotators' latency (`next` and
 * submit, p50/p99, 50 annotators with API tokens pausing about a second per pair) before the run and
 * while it runs, with the load average: a run must not slow the annotators.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { issueApiToken } from '@/lib/auth/api-token';
import { createCampaign } from '@/lib/db/campaigns/campaign-create';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { claimNextQueuedModelRun } from '@/lib/db/model-raters/model-runs';
import { getModelRun } from '@/lib/db/model-raters/model-run-views';
import { jobOwner } from '@/lib/jobs/job-owner';
import { startModelRun } from '@/lib/jobs/model-raters/start-run';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { percentile, runAnnotatorClients, type LatencyLog } from './lib/annotator-clients';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';
import { fmt } from './lib/format';
import { generatePairsSql } from './lib/generated-pairs';

const pairs = Number(process.argv[2] ?? 10_000);
const LATENCY_MS = 20;
const CONCURRENCY = 8;
const ANNOTATORS = 50;
const THINK_MS = 1000;
const TARGET_RATIO = 1.2;
const QUESTIONS = ['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation'];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

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
  counters: Promise<{ requests: number; maxInFlight: number; spanMs: number }>;
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
    counters: counters.then((l) => JSON.parse(l) as { requests: number; maxInFlight: number; spanMs: number }),
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

const { home, env, database } = await openBenchDatabase('judge');
let server: ChildProcess | null = null;
let standIn: Awaited<ReturnType<typeof startStandIn>> | null = null;
const db = createPrismaClient(database.url);
try {
  const { campaign, tokens } = await prepareData(db, database.url);
  standIn = await startStandIn();
  const endpoint = await db.modelEndpoint.create({
    data: { name: 'bench-stand-in', baseUrl: standIn.baseUrl, concurrency: CONCURRENCY, timeoutSeconds: 30 },
  });
  const served = await serveOnFreePort(env, 'Serving the production build on');
  server = served.server;
  const clients = { baseUrl: served.baseUrl, campaign: campaign.slug, tokens, floorEvery: 4, thinkMs: THINK_MS };
  await runAnnotatorClients({ ...clients, tokens: tokens.slice(0, 5), durationMs: 3000, thinkMs: 0 });
  console.log(`Annotators alone (20 s), load average before: ${load()} …`);
  const quiet = await runAnnotatorClients({ ...clients, durationMs: 20_000 });

  const created = await startModelRun(db, { id: null }, campaign.slug, { endpoint: endpoint.name, model: 'bench-model' });
  const owner = await jobOwner(db, 'server');
  const claimed = await claimNextQueuedModelRun(db, owner);
  if (claimed?.id !== created.id) throw new Error('the bench run was not the one claimed');
  const floorSeconds = (pairs * LATENCY_MS) / CONCURRENCY / 1000;
  console.log(
    `Model run #${created.id}: ${fmt(pairs)} requests, concurrency ${CONCURRENCY}, the stand-in answering after ${LATENCY_MS} ms (floor ${fmt(floorSeconds, 1)} s), with the annotators working …`,
  );
  const started = performance.now();
  const job = spawn(process.execPath, [path.join(projectRoot, 'scripts/paralens.mjs'), 'run-job', 'judge', String(created.id)], {
    cwd: projectRoot,
    env: { ...env, DATABASE_URL: database.url, AUTH_SECRET: database.authSecret ?? 'bench' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let jobOutput = '';
  job.stdout.on('data', (d: Buffer) => (jobOutput += d.toString()));
  const exited = new Promise<number | null>((r) => job.once('exit', r));
  let done = false;
  void exited.then(() => (done = true));
  const busyLogs: LatencyLog[] = [];
  while (!done) busyLogs.push((await runAnnotatorClients({ ...clients, durationMs: 5000 })).latency);
  const code = await exited;
  const wall = (performance.now() - started) / 1000;
  const loadDuring = load();
  const run = await getModelRun(db, created.id);
  standIn.child.kill('SIGTERM');
  const counters = await standIn.counters;
  const session = Number(/in ([\d.]+) s/.exec(run?.message ?? '')?.[1] ?? NaN);
  const busy = merge(busyLogs);

  console.log(`\nThe run (job process exit code ${code}): ${run?.status} — ${run?.message}`);
  console.log(
    `  requests the stand-in answered: ${fmt(counters.requests)}; most in flight at once: ${counters.maxInFlight} (limit ${CONCURRENCY})`,
  );
  console.log(`  ${'time'.padEnd(46)} ${'seconds'.padStart(8)}   vs floor ${fmt(floorSeconds, 1)} s   target ≤ ${TARGET_RATIO}×`);
  for (const [name, seconds] of [
    ['requests (first to last, as the stand-in saw them)', counters.spanMs / 1000 + LATENCY_MS / 1000],
    ['the run’s session (the job’s own report)', session],
    ['the job process, start to exit', wall],
  ] as const)
    console.log(
      `  ${name.padEnd(46)} ${fmt(seconds, 1).padStart(8)}   ${fmt(seconds / floorSeconds, 2).padStart(5)}×${''.padEnd(12)}${seconds / floorSeconds <= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
  console.log(
    `\nAnnotators (${ANNOTATORS}, pausing ~${THINK_MS} ms): p50 / p99 alone, while the run runs, and the ratio (load average during: ${loadDuring})`,
  );
  latencyRow('GET next', quiet.latency.next, busy.next);
  latencyRow('POST annotations', quiet.latency.submit, busy.submit);
  latencyRow('GET /api/health', quiet.latency.floor, busy.floor);
} finally {
  if (standIn && standIn.child.exitCode === null) standIn.child.kill('SIGTERM');
  await db.$disconnect();
  await stopBench(server, database, home);
}
