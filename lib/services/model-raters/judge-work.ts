/**
 * The requests of one session of a model run: what is left to ask (every pair × order × sample no
 * earlier session recorded), a few more workers than the endpoint's concurrency (the endpoint's
 * limiter keeps the limit), the requests that ended recorded together every 20 ms or 64 requests (one
 * statement; a worker goes on to its next request meanwhile, and waits only when the writes fall
 * behind), and a pair's answer written when its last request is recorded. A session that stops loses
 * at most the requests of its last 20 ms, which the next one asks again. An
 * answer that failed validation twice, stopped at the token limit, was refused or empty is recorded
 * as failed with the server's raw output; a transport failure or a rejection stops every worker and
 * records nothing for the requests in flight, so the next session asks them again.
 */
import {
  requestKey,
  type RecordedTotals,
  type RequestRecord,
  type RecordedRequest,
  type RunPair,
} from '@/lib/db/model-raters/model-requests';
import type { Question } from '@/lib/annotation/questions';
import type { AskPairResult } from '@/lib/model-raters/ask-pair';
import { toStoredOrder } from '@/lib/model-raters/answers-order';

export interface JudgeTask {
  pair: RunPair;
  swapped: boolean;
  sample: number;
}

/** What is recorded over every session of the run (counted at the start), and in this session. */
export interface WorkTotals extends RecordedTotals {
  /** recorded in this session (for the rate) */
  sessionDone: number;
}

export interface WorkPorts {
  ask(task: JudgeTask, signal: AbortSignal): Promise<AskPairResult>;
  /** records the requests; returns the keys (requestKey) of those written (not recorded before) */
  record(records: readonly RequestRecord[]): Promise<Set<string>>;
  completePairs(pairs: ReadonlyArray<{ pairId: number; requests: readonly RecordedRequest[] }>): Promise<void>;
}

const FLUSH_MS = 20;
const FLUSH_ROWS = 64;

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
  const fail = (error: unknown) => {
    failed.error ??= error instanceof Error ? error : new Error(String(error));
    inner.abort(error);
  };
  const { totals } = state;
  let buffer: Array<{ record: RequestRecord; result: AskPairResult }> = [];
  let writing: Promise<void> = Promise.resolve();
  let batchesWaiting = 0;
  let timer: NodeJS.Timeout | null = null;
  const write = async (batch: Array<{ record: RequestRecord; result: AskPairResult }>) => {
    const written = await ports.record(batch.map((b) => b.record));
    const completed: Array<{ pairId: number; requests: readonly RecordedRequest[] }> = [];
    for (const { record, result } of batch) {
      if (!written.has(requestKey(record))) continue;
      totals.requestsDone++;
      totals.sessionDone++;
      if (record.status !== 'ok') totals.requestsFailed++;
      totals.retries += Math.max(0, result.attempts - 1);
      if (result.reasked) totals.reasked++;
      totals.promptTokens += result.usage?.promptTokens ?? 0;
      totals.completionTokens += result.usage?.completionTokens ?? 0;
      const id = record.pairId;
      state.byPair.set(id, [...(state.byPair.get(id) ?? []), record]);
      const left = (state.pending.get(id) ?? 1) - 1;
      state.pending.set(id, left);
      if (left === 0) completed.push({ pairId: id, requests: state.byPair.get(id) ?? [] });
    }
    if (completed.length > 0) {
      await ports.completePairs(completed);
      totals.pairsDone += completed.length;
    }
  };
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = buffer;
    buffer = [];
    if (batch.length > 0) {
      batchesWaiting++;
      writing = writing
        .then(() => write(batch))
        .catch(fail)
        .finally(() => batchesWaiting--);
    }
    return writing;
  };
  const worker = async () => {
    while (!inner.signal.aborted && next < tasks.length) {
      const task = tasks[next++]!;
      const result = await ports.ask(task, inner.signal);
      buffer.push({ record: toRecord(task, result, options.seedOf(task.sample), options.questions), result });
      if (buffer.length >= FLUSH_ROWS) {
        const flushed = flush();
        // The writes fall behind: wait for them rather than hold ever more answers in memory.
        if (batchesWaiting > 4) await flushed;
      } else timer ??= setTimeout(() => void flush(), FLUSH_MS);
    }
  };
  const running = Array.from({ length: Math.max(1, Math.min(options.workers, tasks.length)) }, () => worker().catch(fail));
  await Promise.all(running);
  // What the workers brought is recorded also when the session stops (a cancel keeps every answer that came).
  await flush();
  options.signal.removeEventListener('abort', stop);
  if (failed.error) throw failed.error;
  if (options.signal.aborted)
    throw options.signal.reason instanceof Error ? options.signal.reason : new Error('the session was stopped');
}

/** The pairs whose requests were all recorded by an earlier session that ended before writing their answer. */
export function pairsToComplete(pairs: readonly RunPair[], pending: ReadonlyMap<number, number>): RunPair[] {
  return pairs.filter((p) => !p.done && (pending.get(p.pairId) ?? 0) === 0);
}
