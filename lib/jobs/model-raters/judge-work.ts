/**
 * The requests of one session of a model run: what is left to ask (every pair × order × sample no
 * earlier session recorded), a few more workers than the endpoint's concurrency (so a slot never
 * waits while a worker writes its result; the endpoint's limiter keeps the limit), each request
 * recorded as soon as it ends, and a pair's answer written when its last request is recorded. An
 * answer that failed validation twice, stopped at the token limit, was refused or empty is recorded
 * as failed with the server's raw output; a transport failure or a rejection stops every worker and
 * records nothing for the requests in flight, so the next session asks them again.
 */
import type { RequestRecord, RecordedRequest, RunPair } from '@/lib/db/model-raters/model-requests';
import type { Question } from '@/lib/annotation/questions';
import type { AskPairResult } from '@/lib/model-raters/ask-pair';
import { toStoredOrder } from '@/lib/model-raters/answers-order';

export interface JudgeTask {
  pair: RunPair;
  swapped: boolean;
  sample: number;
}

export interface WorkTotals {
  requestsDone: number;
  requestsFailed: number;
  pairsDone: number;
  retries: number;
  reasked: number;
  promptTokens: number;
  completionTokens: number;
  /** recorded in this session (for the rate) */
  sessionDone: number;
}

export interface WorkPorts {
  ask(task: JudgeTask, signal: AbortSignal): Promise<AskPairResult>;
  record(record: RequestRecord): Promise<boolean>;
  completePair(pairId: number, requests: readonly RecordedRequest[]): Promise<void>;
}

/** What is left to ask, in the run's order, and the requests each pair already has. */
export function planWork(
  pairs: readonly RunPair[],
  recorded: readonly RecordedRequest[],
  shape: { samples: number; swap: boolean },
): { tasks: JudgeTask[]; byPair: Map<number, RecordedRequest[]>; pending: Map<number, number> } {
  const byPair = new Map<number, RecordedRequest[]>();
  for (const r of recorded) byPair.set(r.pairId, [...(byPair.get(r.pairId) ?? []), r]);
  const tasks: JudgeTask[] = [];
  const pending = new Map<number, number>();
  for (const pair of pairs) {
    const have = new Set((byPair.get(pair.pairId) ?? []).map((r) => `${r.swapped}:${r.sample}`));
    let left = 0;
    for (const swapped of shape.swap ? [false, true] : [false]) {
      for (let sample = 0; sample < shape.samples; sample++) {
        if (have.has(`${swapped}:${sample}`)) continue;
        tasks.push({ pair, swapped, sample });
        left++;
      }
    }
    pending.set(pair.pairId, left);
  }
  return { tasks, byPair, pending };
}

export function toRecord(
  task: JudgeTask,
  result: AskPairResult,
  seed: number | null,
  questions: readonly Question[],
): RequestRecord {
  return {
    pairId: task.pair.pairId,
    swapped: task.swapped,
    sample: task.sample,
    status: result.status,
    answers: result.answers ? toStoredOrder(result.answers, task.swapped, questions) : null,
    expected: result.expected,
    failure: result.failure,
    raw: result.raw,
    reasoning: result.reasoning,
    finishReason: result.finishReason,
    responseModel: result.responseModel,
    systemFingerprint: result.systemFingerprint,
    promptTokens: result.usage?.promptTokens ?? null,
    completionTokens: result.usage?.completionTokens ?? null,
    latencyMs: result.latencyMs,
    attempts: result.attempts,
    reasked: result.reasked,
    format: result.format,
    seed,
  };
}

/**
 * Runs the tasks with `workers` workers until all are recorded, or until one throws (the first error
 * aborts the others and is rethrown) or `signal` aborts (the AbortError is rethrown).
 */
export async function runWork(
  tasks: readonly JudgeTask[],
  state: { byPair: Map<number, RecordedRequest[]>; pending: Map<number, number>; totals: WorkTotals },
  ports: WorkPorts,
  options: { workers: number; signal: AbortSignal; seedOf: (sample: number) => number | null; questions: readonly Question[] },
): Promise<void> {
  const inner = new AbortController();
  const stop = () => inner.abort(options.signal.reason);
  options.signal.addEventListener('abort', stop, { once: true });
  let next = 0;
  const failed: { error: Error | null } = { error: null };
  const { totals } = state;
  const worker = async () => {
    while (!inner.signal.aborted && next < tasks.length) {
      const task = tasks[next++]!;
      const result = await ports.ask(task, inner.signal);
      const record = toRecord(task, result, options.seedOf(task.sample), options.questions);
      if (!(await ports.record(record))) continue;
      totals.requestsDone++;
      totals.sessionDone++;
      if (record.status !== 'ok') totals.requestsFailed++;
      totals.retries += Math.max(0, result.attempts - 1);
      if (result.reasked) totals.reasked++;
      totals.promptTokens += result.usage?.promptTokens ?? 0;
      totals.completionTokens += result.usage?.completionTokens ?? 0;
      const id = task.pair.pairId;
      state.byPair.set(id, [...(state.byPair.get(id) ?? []), record]);
      const left = (state.pending.get(id) ?? 1) - 1;
      state.pending.set(id, left);
      if (left === 0) {
        await ports.completePair(id, state.byPair.get(id) ?? []);
        totals.pairsDone++;
      }
    }
  };
  const running = Array.from({ length: Math.max(1, Math.min(options.workers, tasks.length)) }, () =>
    worker().catch((error: unknown) => {
      failed.error ??= error instanceof Error ? error : new Error(String(error));
      inner.abort(error);
    }),
  );
  await Promise.all(running);
  options.signal.removeEventListener('abort', stop);
  if (failed.error) throw failed.error;
  if (options.signal.aborted)
    throw options.signal.reason instanceof Error ? options.signal.reason : new Error('the session was stopped');
}

/** The pairs whose requests were all recorded by an earlier session that ended before writing their answer. */
export function pairsToComplete(pairs: readonly RunPair[], pending: ReadonlyMap<number, number>): RunPair[] {
  return pairs.filter((p) => !p.done && (pending.get(p.pairId) ?? 0) === 0);
}
