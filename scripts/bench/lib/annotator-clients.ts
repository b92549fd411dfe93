/**
 * Simulated annotators for bench:annotate: HTTP clients that ask for the next pair and answer it,
 * over and over, against a running server. Each is one of two kinds: a script with an API token
 * (`Authorization: Bearer`), or a browser session (the session cookie Auth.js set at sign-in, sent
 * with the headers a browser adds to the workbench's own fetches: `Sec-Fetch-Site: same-origin` on
 * the GET that claims a pair, `Origin` on the POST). Every few cycles one also times
 * GET /api/health, the floor measured under the same load at the same time.
 */

export interface LatencyLog {
  next: number[];
  submit: number[];
  floor: number[];
}

export interface ClientRun {
  /** the current log: a caller may swap in a fresh one while the clients run (one per step) */
  latency: LatencyLog;
  /** the same requests by kind of annotator, swapped with `latency` */
  byKind: Record<AnnotatorKind, { next: number[]; submit: number[] }>;
  /** submissionIds answered 201 or 200 */
  acknowledged: string[];
  errors: number;
  errorSamples: string[];
  /** `next` answered 204 (nothing left for that annotator) */
  exhausted: number;
}

export type AnnotatorKind = 'token' | 'session';

export interface ClientOptions {
  baseUrl: string;
  campaign: string;
  /** API tokens, one annotator each */
  tokens: string[];
  /** Cookie headers of signed-in browser sessions, one annotator each */
  sessions?: string[];
  durationMs: number;
  /** the mean pause between receiving a pair and answering it (0: hammer); each pause is 0.5–1.5× it */
  thinkMs: number;
  /** when given, the pauses follow it instead of `thinkMs` (the ceiling search changes it while the clients run) */
  pace?: Pace;
  /** time /api/health every n-th cycle */
  floorEvery: number;
  /** only GET /api/health (the floor on its own) */
  healthOnly?: boolean;
}

/**
 * A think time that may change while annotators pause: each pause is a fixed factor (0.5–1.5) of
 * the current think time, measured from when it began, so a new pace applies at once to the
 * annotators who are reading as well as to those who ask next.
 */
export class Pace {
  private readonly sleepers = new Set<{ start: number; factor: number; timer?: NodeJS.Timeout; done: () => void }>();

  /** set by stop(): the clients answer the pair they hold and end */
  stopped = false;

  constructor(private current: number) {}

  /** Ends the run: pauses end now, and no annotator asks for another pair. */
  stop(): void {
    this.stopped = true;
    this.set(0);
  }

  get thinkMs(): number {
    return this.current;
  }

  set(thinkMs: number): void {
    this.current = thinkMs;
    for (const sleeper of this.sleepers) this.schedule(sleeper);
  }

  pause(factor: number): Promise<void> {
    return new Promise((done) => this.schedule({ start: performance.now(), factor, done }));
  }

  private schedule(sleeper: { start: number; factor: number; timer?: NodeJS.Timeout; done: () => void }): void {
    clearTimeout(sleeper.timer);
    this.sleepers.add(sleeper);
    const wait = Math.max(0, sleeper.start + sleeper.factor * this.current - performance.now());
    sleeper.timer = setTimeout(() => {
      this.sleepers.delete(sleeper);
      sleeper.done();
    }, wait);
  }
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

interface Annotator {
  kind: AnnotatorKind;
  /** headers of the GET that claims a pair, and of the POST that answers it */
  get: Record<string, string>;
  post: Record<string, string>;
}

function annotatorsOf(options: ClientOptions): Annotator[] {
  const json = { accept: 'application/json', 'content-type': 'application/json' };
  return [
    ...options.tokens.map((token) => {
      const headers = { ...json, authorization: `Bearer ${token}` };
      return { kind: 'token' as const, get: headers, post: headers };
    }),
    ...(options.sessions ?? []).map((cookie) => ({
      kind: 'session' as const,
      get: { accept: 'application/json', cookie, 'sec-fetch-site': 'same-origin' },
      post: { ...json, cookie, origin: options.baseUrl, 'sec-fetch-site': 'same-origin' },
    })),
  ];
}

async function runClient(options: ClientOptions, who: Annotator, index: number, run: ClientRun, until: number): Promise<void> {
  const base = `${options.baseUrl}/api/v1/campaigns/${options.campaign}`;
  const think = () => options.pace?.thinkMs ?? options.thinkMs;
  const pause = (factor: number) =>
    options.pace ? options.pace.pause(factor) : new Promise((r) => setTimeout(r, factor * options.thinkMs));
  const fail = (what: string) => {
    run.errors += 1;
    if (run.errorSamples.length < 10) run.errorSamples.push(`${who.kind}: ${what}`);
  };
  // Paced annotators start out of step, as people do: each waits a random part of one think time
  // first, so the run does not open with all of them asking at the same millisecond.
  if (think() > 0) await pause(Math.random());
  for (let cycle = 0; performance.now() < until && !options.pace?.stopped; cycle++) {
    try {
      if (options.healthOnly || cycle % options.floorEvery === 0) {
        const floor = await timed(`${options.baseUrl}/api/health`, {});
        if (floor.status === 200) run.latency.floor.push(floor.ms);
        else fail(`health ${floor.status}`);
        if (options.healthOnly) continue;
      }
      const next = await timed(`${base}/next`, { headers: who.get });
      if (next.status === 204) {
        run.exhausted += 1;
        return;
      }
      if (next.status !== 200) {
        fail(`next ${next.status} ${next.body.slice(0, 200)}`);
        continue;
      }
      run.latency.next.push(next.ms);
      run.byKind[who.kind].next.push(next.ms);
      const { pairId } = JSON.parse(next.body) as { pairId: number };
      if (think() > 0) await pause(0.5 + Math.random());
      const submissionId = `bench-${who.kind}-${index}-${cycle}-${pairId}`;
      const body = JSON.stringify({ submissionId, pairId, answers: answers(pairId), durationMs: 5000 });
      const submit = await timed(`${base}/annotations`, { method: 'POST', headers: who.post, body });
      if (submit.status === 201 || submit.status === 200) {
        run.latency.submit.push(submit.ms);
        run.byKind[who.kind].submit.push(submit.ms);
        run.acknowledged.push(submissionId);
      } else fail(`submit ${submit.status} ${submit.body.slice(0, 200)}`);
    } catch (error) {
      fail(String(error));
    }
  }
}

export const emptyLog = (): LatencyLog => ({ next: [], submit: [], floor: [] });
export const emptyByKind = (): ClientRun['byKind'] => ({ token: { next: [], submit: [] }, session: { next: [], submit: [] } });

export function emptyRun(): ClientRun {
  return { latency: emptyLog(), byKind: emptyByKind(), acknowledged: [], errors: 0, errorSamples: [], exhausted: 0 };
}

/** Runs one client per token and per session for the duration (into `run`, when given); returns what they saw. */
export async function runAnnotatorClients(options: ClientOptions, run: ClientRun = emptyRun()): Promise<ClientRun> {
  const until = performance.now() + options.durationMs;
  await Promise.all(annotatorsOf(options).map((who, i) => runClient(options, who, i, run, until)));
  return run;
}
