/**
 * Simulated annotators for bench:annotate: HTTP clients with API tokens that ask for the next pair
 * and answer it, over and over, against a running server. Every few cycles one also times
 * GET /api/health, the floor measured under the same load at the same time.
 */

export interface LatencyLog {
  next: number[];
  submit: number[];
  floor: number[];
}

export interface ClientRun {
  latency: LatencyLog;
  /** submissionIds answered 201 or 200 */
  acknowledged: string[];
  errors: number;
  errorSamples: string[];
  /** `next` answered 204 (nothing left for that annotator) */
  exhausted: number;
}

export interface ClientOptions {
  baseUrl: string;
  campaign: string;
  tokens: string[];
  durationMs: number;
  /** pause between answering and asking again (0: hammer) */
  thinkMs: number;
  /** time /api/health every n-th cycle */
  floorEvery: number;
  /** only GET /api/health (the floor on its own) */
  healthOnly?: boolean;
}

const RELATIONS = ['equivalence', 'forward', 'reverse', 'intersection', 'exclusion', 'negation'];

function answers(i: number) {
  return {
    semantic: i % 5,
    syntactic: (i * 3) % 5,
    paraphraseLoose: i % 2 === 0,
    paraphraseStrict: i % 3 === 0,
    relation: RELATIONS[i % 6],
  };
}

export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

async function runClient(options: ClientOptions, token: string, index: number, run: ClientRun, until: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const base = `${options.baseUrl}/api/v1/campaigns/${options.campaign}`;
  const fail = (what: string) => {
    run.errors += 1;
    if (run.errorSamples.length < 10) run.errorSamples.push(what);
  };
  // Paced annotators start out of step, as people do: each waits a random part of one think time
  // first, so the run does not open with all of them asking at the same millisecond.
  if (options.thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * options.thinkMs));
  for (let cycle = 0; performance.now() < until; cycle++) {
    try {
      if (options.healthOnly || cycle % options.floorEvery === 0) {
        const floor = await timed(`${options.baseUrl}/api/health`, {});
        if (floor.status === 200) run.latency.floor.push(floor.ms);
        else fail(`health ${floor.status}`);
        if (options.healthOnly) continue;
      }
      const next = await timed(`${base}/next`, { headers });
      if (next.status === 204) {
        run.exhausted += 1;
        return;
      }
      if (next.status !== 200) {
        fail(`next ${next.status} ${next.body.slice(0, 200)}`);
        continue;
      }
      run.latency.next.push(next.ms);
      const { pairId } = JSON.parse(next.body) as { pairId: number };
      if (options.thinkMs > 0) await new Promise((r) => setTimeout(r, options.thinkMs * (0.5 + Math.random())));
      const submissionId = `bench-${index}-${cycle}-${pairId}`;
      const body = JSON.stringify({ submissionId, pairId, answers: answers(pairId), durationMs: 5000 });
      const submit = await timed(`${base}/annotations`, { method: 'POST', headers, body });
      if (submit.status === 201 || submit.status === 200) {
        run.latency.submit.push(submit.ms);
        run.acknowledged.push(submissionId);
      } else fail(`submit ${submit.status} ${submit.body.slice(0, 200)}`);
    } catch (error) {
      fail(String(error));
    }
  }
}

/** Runs one client per token for the duration; returns what they saw. */
export async function runAnnotatorClients(options: ClientOptions): Promise<ClientRun> {
  const run: ClientRun = {
    latency: { next: [], submit: [], floor: [] },
    acknowledged: [],
    errors: 0,
    errorSamples: [],
    exhausted: 0,
  };
  const until = performance.now() + options.durationMs;
  await Promise.all(options.tokens.map((token, i) => runClient(options, token, i, run, until)));
  return run;
}
