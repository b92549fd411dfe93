/**
 * `npm run bench:annotate [-- <pairs>] [--processes N] [--instances M] [--ceiling]`: 1,000,000
 * generated pairs (`<pairs>` for another size), one campaign of all of them (overlap 3, one gold
 * pair in every BENCH_GOLD_EVERY handed out, default 5), annotator accounts as members, and
 * simulated annotators (HTTP clients) calling next and submit against the production build.
 *
 * Without --processes or --instances (the figures before them stay comparable): 100 annotators
 * with API tokens (BENCH_ANNOTATORS) for 60 seconds (BENCH_SECONDS) without pausing, then again
 * with a think time (BENCH_THINK_MS, default 1000 ms; 0 skips that phase).
 *
 * With --processes N (the launcher's cluster of N web processes, as PARALENS_WEB_PROCESSES=N
 * `npm start`) or --instances M (M instances, each its own PARALENS_HOME, on the one database with
 * one AUTH_SECRET, each with --processes web processes, default 1, behind a local nginx): 1,000
 * annotators (BENCH_ANNOTATORS), half of them (BENCH_SESSION_PERCENT) signed in through Auth.js's
 * credentials endpoint and working with the session cookie as the workbench does, the others
 * with API tokens, each pausing 10 s (BENCH_THINK_MS) on average, uniformly 5–15 s, out of step,
 * for BENCH_SECONDS, after 1.5 think times of the same work untimed (a campaign under way, not its
 * first seconds). `--ceiling` then steps the pace up to find the highest at which p99 of next
 * and submit stays under 100 ms (lib/annotate-ceiling.ts; BENCH_CEILING_START,
 * BENCH_CEILING_STEP_SECONDS), with --processes N > 1 for N processes and then, on the same
 * database, the paced annotators and the ceiling for one, and prints the ratio (target ≥ 1.5×).
 *
 * Every phase prints p50/p99 of next and submit, errors and throughput next to the target
 * (p99 ≤ 50 ms, no errors), the floor — GET /api/health timed by the same clients at the same time
 * (the same web server path plus one database round trip) — and ratios to it, the CPU per request
 * of the servers, PostgreSQL and the clients, and the clients' share of the 2 cores. Finally it
 * checks in SQL that every acknowledged submission is stored exactly once and no pair has more
 * than the overlap in answers plus holds. The p99 target is judged on paced phases: annotators
 * read before they answer, and clients that never pause are a capacity test whose latency
 * Little's law fixes (docs/decisions/007).
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fmt } from './lib/format';
import { setting } from '@/lib/config/settings';
import { checkAssignmentInvariants } from '@/lib/db/campaigns/assignment-invariants';
import { createSqlPool } from '@/lib/db/sql-pool';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';
import { runAnnotatorClients } from './lib/annotator-clients';
import { postmasterPid } from './lib/process-tree-cpu';
import { load, measure, report, type Measured } from './lib/annotate-report';
import { prepareData, signInSessions } from './lib/annotate-data';
import { fleetRun, type Fleet } from './lib/annotate-fleet';
import { parseFleetArgs } from './lib/annotate-args';

const args = parseFleetArgs(process.argv.slice(2));
const isFleet = args.processes !== null || args.instances !== null;
const pairs = args.pairs ?? 1_000_000;
const seconds = setting('BENCH_SECONDS');
const thinkMs = setting('BENCH_THINK_MS') ?? (isFleet ? 10_000 : 1000);
const annotators = setting('BENCH_ANNOTATORS') ?? (isFleet ? 1000 : 100);
const sessions = Math.round((annotators * (setting('BENCH_SESSION_PERCENT') ?? (isFleet ? 50 : 0))) / 100);
const goldEvery = setting('BENCH_GOLD_EVERY');
const OVERLAP = 3;
const TARGET_P99_MS = 50;

/** Without --processes or --instances: the phases and figures of before (one server, tokens only). */
async function classicRun(fleet: Fleet): Promise<{ errors: number; acknowledged: string[]; met: string[] }> {
  const { clients, measured } = fleet;
  const reportOptions = { annotators, targetMs: TARGET_P99_MS };
  const floorOnly = await measure({ ...clients, durationMs: 10_000, thinkMs: 0, healthOnly: true }, measured);
  let errors = floorOnly.run.errors;
  report(`The floor alone: ${annotators} clients calling GET /api/health without pausing, 10 s`, floorOnly, reportOptions);
  const hammer = await measure({ ...clients, durationMs: seconds * 1000, thinkMs: 0 }, measured);
  const acknowledged = [...hammer.run.acknowledged];
  errors += hammer.run.errors;
  const title = `${annotators} annotators without pausing, ${seconds} s (load average after: ${hammer.load})`;
  const results = [report(title, hammer, reportOptions)];
  if (thinkMs > 0) {
    const paced = await measure({ ...clients, durationMs: seconds * 1000, thinkMs }, measured);
    acknowledged.push(...paced.run.acknowledged);
    errors += paced.run.errors;
    const pacedTitle = `${annotators} annotators pausing ${thinkMs} ms (±50 %) before each answer, ${seconds} s (load average after: ${paced.load})`;
    results.push(report(pacedTitle, paced, reportOptions));
  }
  const met = results.map((r) => (r.worstP99 <= TARGET_P99_MS ? 'met' : 'NOT met'));
  return {
    errors,
    acknowledged,
    met: [
      `p99 ≤ ${TARGET_P99_MS} ms (${met[1] ? `annotators with think time: ${met[1]}; ` : ''}without pausing: ${met[0]}, see Little's law above)`,
    ],
  };
}

const { home, env, database } = await openBenchDatabase('annotate');
const servers: ChildProcess[] = [];
const extraHomes: string[] = [];
const stopExtras: Array<() => Promise<void>> = [];
const pool = createSqlPool(database.url, 2);
try {
  const data = await prepareData(database.url, { pairs, annotators, sessions, overlap: OVERLAP, goldEvery });
  const pgPid = postmasterPid(path.join(home, 'pgdata'));
  let baseUrl: string;
  let measured: Measured;
  if (args.instances !== null) {
    const { startBehindProxy } = await import('./lib/annotate-instances');
    const started = await startBehindProxy(database, args.instances, args.processes ?? 1);
    servers.push(...started.servers);
    extraHomes.push(...started.homes);
    stopExtras.push(started.stopProxy);
    baseUrl = started.baseUrl;
    measured = { serverPids: started.pids, pgPid };
  } else {
    const served = await serveOnFreePort(env, 'Serving the production build on', args.processes ?? undefined);
    servers.push(served.server);
    baseUrl = served.baseUrl;
    measured = { serverPids: [served.server.pid!], pgPid };
  }
  const sessionCookies = await signInSessions(baseUrl, data.campaign.slug, data.sessionEmails);
  const clients = { baseUrl, campaign: data.campaign.slug, tokens: data.tokens, sessions: sessionCookies, floorEvery: 4 };
  console.log('Warming up (5 s, 10 annotators) …');
  const warm = await runAnnotatorClients({
    ...clients,
    tokens: clients.tokens.slice(0, isFleet ? 5 : 10),
    sessions: sessionCookies.slice(0, 5),
    durationMs: 5000,
    thinkMs: 0,
  });
  console.log(`Load average before the runs: ${load()} (the machine is shared; 2 cores)`);
  const fleet: Fleet = { clients, measured, database, env, servers, annotators, campaignId: data.campaign.id, pool };
  const outcome = isFleet
    ? await fleetRun(fleet, { ...args, seconds, thinkMs, targetMs: TARGET_P99_MS, overlap: OVERLAP })
    : await classicRun(fleet);
  const acknowledged = [...warm.acknowledged, ...outcome.acknowledged];
  const errors = warm.errors + outcome.errors;
  console.log(
    '\nChecking in SQL: every acknowledged submission stored exactly once, answers + holds ≤ overlap, counters agree …',
  );
  const t = performance.now();
  const problems = await checkAssignmentInvariants(pool, data.campaign.id, { acknowledged });
  console.log(
    `  ${fmt(acknowledged.length)} acknowledged submissions; ${problems.length === 0 ? 'no problems' : `${problems.length} problem(s):\n    ${problems.join('\n    ')}`} (${fmt((performance.now() - t) / 1000, 1)} s)`,
  );
  console.log(
    `\nTargets: ${outcome.met.join(', ')}, zero errors (${errors === 0 ? 'met' : `NOT met: ${errors}`}), every acknowledged answer stored exactly once (${problems.length === 0 ? 'met' : 'NOT met'}).`,
  );
} finally {
  await pool.end();
  for (const stop of stopExtras) await stop();
  await stopBench(servers, database, home, false, extraHomes);
}
