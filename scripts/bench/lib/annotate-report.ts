/**
 * bench:annotate's measuring and printing: a phase of simulated annotators with the CPU the web
 * server(s), PostgreSQL and the clients spent meanwhile, and its table of p50/p99 against the floor
 * (GET /api/health timed by the same clients at the same time) and the target.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fmt } from './format';
import { emptyRun, percentile, runAnnotatorClients, type ClientOptions, type ClientRun } from './annotator-clients';
import { cpuSecondsOfTree } from './process-tree-cpu';

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export interface Phase {
  run: ClientRun;
  seconds: number;
  /** the clients' pause before each answer (0: none) */
  thinkMs: number;
  /** CPU milliseconds per request of the web server(s) (with their children), PostgreSQL and the clients */
  cpuMs: { server: number; postgres: number; clients: number };
  /** the clients' share of the machine (their CPU seconds over wall seconds × cores) */
  clientShare: number;
  /** p99 of the clients' own event-loop delay, ms: how late a client may notice an answer */
  clientLagP99: number;
  /** the load average (1 min) at the end */
  load: string;
}

/** The processes whose CPU a phase counts: the web server(s) (with their descendants) and PostgreSQL. */
export interface Measured {
  serverPids: number[];
  pgPid: number;
}

const treeSeconds = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuSecondsOfTree(pid), 0);

/**
 * Measures `body` (which runs clients into `run`): the CPU the servers, PostgreSQL and this process
 * spent meanwhile, and this process's event-loop delay.
 */
export async function measureWhile(
  measured: Measured,
  thinkMs: number,
  run: ClientRun,
  body: () => Promise<unknown>,
): Promise<Phase> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const before = {
    server: treeSeconds(measured.serverPids),
    postgres: cpuSecondsOfTree(measured.pgPid),
    clients: process.cpuUsage(),
  };
  const started = performance.now();
  await body();
  const seconds = (performance.now() - started) / 1000;
  lag.disable();
  const clients = process.cpuUsage(before.clients);
  const clientSeconds = (clients.user + clients.system) / 1e6;
  const requests = Math.max(1, run.latency.next.length + run.latency.submit.length + run.latency.floor.length);
  const perRequest = (s: number) => (s * 1000) / requests;
  return {
    run,
    seconds,
    thinkMs,
    cpuMs: {
      server: perRequest(treeSeconds(measured.serverPids) - before.server),
      postgres: perRequest(cpuSecondsOfTree(measured.pgPid) - before.postgres),
      clients: perRequest(clientSeconds),
    },
    clientShare: clientSeconds / (seconds * cpus().length),
    clientLagP99: lag.percentile(99) / 1e6,
    load: load(),
  };
}

/** Runs the clients and measures the CPU the server(s), PostgreSQL and the clients spent meanwhile. */
export async function measure(options: ClientOptions, measured: Measured): Promise<Phase> {
  const run = emptyRun();
  return measureWhile(measured, options.thinkMs, run, () => runAnnotatorClients(options, run));
}

export function row(name: string, values: number[], floor: number[] | null, targetMs: number): number {
  const p50 = percentile(values, 0.5);
  const p99 = percentile(values, 0.99);
  const ratio = floor ? `${fmt(p50 / percentile(floor, 0.5), 1)}× / ${fmt(p99 / percentile(floor, 0.99), 1)}×` : '';
  const verdict = floor ? (p99 <= targetMs ? 'met' : 'NOT met') : '';
  console.log(
    `  ${name.padEnd(26)} ${fmt(values.length).padStart(8)} ${fmt(p50, 1).padStart(8)} ms ${fmt(p99, 1).padStart(8)} ms   ${ratio.padEnd(16)} ${verdict}`,
  );
  return p99;
}

/**
 * Little's law for clients that never pause: they keep one request each in flight, so the mean
 * latency is clients / throughput, whatever the server does. The machine's ceiling for this work is
 * its cores divided by the CPU one request costs in all processes (web server, PostgreSQL, clients).
 */
function littlesLaw(phase: Phase, requests: number, annotators: number, targetMs: number): void {
  const { server, postgres, clients } = phase.cpuMs;
  const cpuMs = server + postgres + clients;
  const ceiling = (cpus().length * 1000) / cpuMs;
  const needed = annotators / (targetMs / 1000);
  console.log(
    `  Little's law: ${annotators} clients that never pause keep ${annotators} requests in flight, so mean latency = ${annotators} / throughput = ${fmt((annotators / (requests / phase.seconds)) * 1000, 1)} ms here.`,
  );
  console.log(
    `  A mean (let alone a p99) of ${targetMs} ms needs ${fmt(needed)} requests/s; this machine's ceiling for this work is ${cpus().length} cores / ${fmt(cpuMs, 2)} ms CPU per request = ${fmt(ceiling)} requests/s (${fmt((100 * requests) / phase.seconds / ceiling)} % reached), so mean latency ≥ ${fmt((annotators / ceiling) * 1000)} ms.`,
  );
}

export interface ReportOptions {
  annotators: number;
  targetMs: number;
  /** print next and submit by kind of annotator too (when both kinds work) */
  byKind?: boolean;
}

export function report(title: string, phase: Phase, o: ReportOptions): { worstP99: number } {
  const { next, submit, floor } = phase.run.latency;
  const requests = next.length + submit.length + floor.length;
  console.log(
    `\n${title}\n  ${'request'.padEnd(26)} ${'count'.padStart(8)} ${'p50'.padStart(11)} ${'p99'.padStart(11)}   ${'vs floor p50/p99'.padEnd(16)} target p99 ≤ ${o.targetMs} ms`,
  );
  row('GET /api/health', floor, null, o.targetMs);
  const worst =
    next.length === 0
      ? 0
      : Math.max(row('GET next', next, floor, o.targetMs), row('POST annotations', submit, floor, o.targetMs));
  if (o.byKind && next.length > 0) {
    for (const kind of ['token', 'session'] as const) {
      const k = phase.run.byKind[kind];
      if (k.next.length === 0) continue;
      row(`  GET next (${kind})`, k.next, floor, o.targetMs);
      row(`  POST annotations (${kind})`, k.submit, floor, o.targetMs);
    }
  }
  const { server, postgres, clients } = phase.cpuMs;
  console.log(
    `  throughput: ${fmt(requests / phase.seconds)} requests/s${next.length > 0 ? ` (${fmt(next.length / phase.seconds)} next/s, ${fmt(submit.length / phase.seconds)} submits/s)` : ''}`,
  );
  console.log(
    `  CPU per request: web server ${fmt(server, 2)} ms, PostgreSQL ${fmt(postgres, 2)} ms, the clients ${fmt(clients, 2)} ms; the clients used ${fmt(100 * phase.clientShare)} % of the machine, their event-loop delay p99 ${fmt(phase.clientLagP99, 1)} ms`,
  );
  if (phase.thinkMs === 0 && next.length > 0) littlesLaw(phase, requests, o.annotators, o.targetMs);
  console.log(
    `  errors: ${phase.run.errors}${phase.run.errorSamples.length > 0 ? `\n    ${phase.run.errorSamples.join('\n    ')}` : ''}${phase.run.exhausted > 0 ? `   annotators out of pairs: ${phase.run.exhausted}` : ''}`,
  );
  return { worstP99: worst };
}
