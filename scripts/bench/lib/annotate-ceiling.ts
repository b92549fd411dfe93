/**
 * bench:annotate's ceiling: the highest pace (annotators × 1 / think time, i.e. pairs asked for and
 * answered per second) at which p99 of both `next` and submit stays under a limit. The annotators
 * keep working while the pace steps up by a fixed factor; each step settles for a few seconds (the
 * pauses already running follow the new pace at once, see Pace), is then measured, and ends with
 * a look at the holds in SQL. A step that misses (p99 at or over the limit, or an error) is run
 * again once at the same pace, since other work on a shared machine can spoil one step; a second
 * miss ends the search, and the ceiling is the last pace that passed. When the first pace misses
 * twice, the pace is halved until one passes (down to 20 pairs/s: below that a step of seconds sees too few answers, each
 * annotator pausing almost a minute), and the climb starts from there.
 */
import { fmt } from './format';
import { emptyByKind, emptyLog, emptyRun, Pace, percentile, runAnnotatorClients, type ClientOptions } from './annotator-clients';
import { measureWhile, type Measured } from './annotate-report';

export interface CeilingOptions {
  clients: Omit<ClientOptions, 'durationMs' | 'thinkMs' | 'pace'>;
  annotators: number;
  measured: Measured;
  /** pairs per second of the first step, and the factor between steps */
  startPace: number;
  factor: number;
  stepSeconds: number;
  settleSeconds: number;
  limitMs: number;
  /** the most answers + live holds any held pair had since the last call (to compare with the overlap) */
  mostHeld: () => number;
}

export interface CeilingStep {
  pace: number;
  achieved: number;
  nextP99: number;
  submitP99: number;
  floorP99: number;
  errors: number;
  mostHeld: number;
  clientShare: number;
  load: string;
  passed: boolean;
}

export interface Ceiling {
  /** the last pace that passed (null: not even the first) */
  pace: number | null;
  /** the pace really reached at that step (answers per second) */
  achieved: number | null;
  steps: CeilingStep[];
  acknowledged: string[];
  errors: number;
}

/** the slowest pace tried when even the first step misses, and a bound on the steps */
const MIN_PACE = 20;
const MAX_STEPS = 40;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function findCeiling(title: string, o: CeilingOptions): Promise<Ceiling> {
  const thinkFor = (pace: number) => (o.annotators / pace) * 1000;
  const pace = new Pace(thinkFor(o.startPace));
  const run = emptyRun();
  const clients = runAnnotatorClients({ ...o.clients, durationMs: 24 * 3600_000, thinkMs: pace.thinkMs, pace }, run);
  console.log(
    `\n${title}: ${fmt(o.annotators)} annotators, pace from ${fmt(o.startPace)} pairs/s up by ${o.factor}× a step, ${o.stepSeconds} s a step (the first ${o.settleSeconds} s not counted), until p99 of next or submit reaches ${o.limitMs} ms twice at one pace`,
  );
  console.log(
    `  ${'pace/s'.padStart(7)} ${'think s'.padStart(8)} ${'reached/s'.padStart(9)} ${'next p99'.padStart(9)} ${'submit p99'.padStart(10)} ${'health p99'.padStart(10)} ${'errors'.padStart(6)} ${'most held'.padStart(9)} ${'clients'.padStart(7)}  load`,
  );
  const steps: CeilingStep[] = [];
  let passedPace: number | null = null;
  let passedAchieved: number | null = null;
  let current = o.startPace;
  let misses = 0;
  while (misses < 2 && steps.length < MAX_STEPS) {
    pace.set(thinkFor(current));
    await sleep(o.settleSeconds * 1000);
    o.mostHeld();
    run.latency = emptyLog();
    run.byKind = emptyByKind();
    const errorsBefore = run.errors;
    const phase = await measureWhile(o.measured, pace.thinkMs, run, () => sleep((o.stepSeconds - o.settleSeconds) * 1000));
    const log = run.latency;
    const step: CeilingStep = {
      pace: current,
      achieved: log.submit.length / phase.seconds,
      nextP99: percentile(log.next, 0.99),
      submitP99: percentile(log.submit, 0.99),
      floorP99: percentile(log.floor, 0.99),
      errors: run.errors - errorsBefore,
      mostHeld: o.mostHeld(),
      clientShare: phase.clientShare,
      load: phase.load,
      passed: false,
    };
    step.passed = step.errors === 0 && step.nextP99 < o.limitMs && step.submitP99 < o.limitMs;
    steps.push(step);
    console.log(
      `  ${fmt(step.pace).padStart(7)} ${fmt(pace.thinkMs / 1000, 2).padStart(8)} ${fmt(step.achieved).padStart(9)} ${fmt(step.nextP99, 1).padStart(9)} ${fmt(step.submitP99, 1).padStart(10)} ${fmt(step.floorP99, 1).padStart(10)} ${String(step.errors).padStart(6)} ${String(step.mostHeld).padStart(9)} ${`${fmt(100 * step.clientShare)} %`.padStart(7)}  ${step.load}${step.passed ? '' : misses === 0 ? '  missed: once more' : '  missed again'}`,
    );
    if (step.passed) {
      passedPace = current;
      passedAchieved = step.achieved;
      misses = 0;
      current = Math.round(current * o.factor);
    } else if (++misses === 2 && passedPace === null && current > MIN_PACE) {
      // missed from the start: halve the pace until a step passes, then climb again
      current = Math.max(MIN_PACE, Math.round(current / 2));
      misses = 0;
    }
  }
  pace.stop();
  await clients;
  console.log(
    passedPace === null
      ? `  ceiling: not reached even at ${fmt(MIN_PACE)} pairs/s`
      : `  ceiling: ${fmt(passedPace)} pairs/s (${fmt(passedAchieved ?? 0)} reached), i.e. ${fmt(o.annotators)} annotators thinking ${fmt(thinkFor(passedPace) / 1000, 1)} s a pair`,
  );
  return { pace: passedPace, achieved: passedAchieved, steps, acknowledged: run.acknowledged, errors: run.errors };
}
