/**
 * One session of a model run, in the process that owns it (a job process of the supervisor, or
 * `paralens judge`): the endpoint and its key, the campaign's guidelines and questions as of the run's
 * wording version, the requests no earlier session recorded (judge-work.ts), progress with the rate
 * every half second (a cancel is seen there), and the outcome. At the end the run's Likert answers
 * become measures of the corpora its pairs come from (run-measures.ts). A rejection by the server
 * (401, 403, 404, another 4xx) or a server that stops answering ends the session as failed with a
 * message naming the endpoint; Resume continues without asking again what was recorded.
 */
import type { Question } from '@/lib/annotation/questions';
import type { Db } from '@/lib/db/client';
import type { Database } from '@/lib/db/database';
import { getCampaignWordingAt } from '@/lib/db/campaigns/campaign-wording';
import { getEndpointForRun, rememberEndpointSupport } from '@/lib/db/model-raters/endpoints';
import { createEndpointLimiter } from '@/lib/db/model-raters/endpoint-limiter';
import {
  completeRunPairs,
  countRecorded,
  listRecordedRequests,
  listRunPairs,
  recordRequests,
} from '@/lib/db/model-raters/model-requests';
import { finishModelRun, recordModelRunProgress, type ModelRunProgress } from '@/lib/db/model-raters/model-runs';
import { getModelRun, getModelRunTemplate, type ModelRunView } from '@/lib/db/model-raters/model-run-views';
import { writeRunMeasures } from '@/lib/db/model-raters/run-measures';
import { logUnexpectedError } from '@/lib/errors/error-reference';
import { askPair } from '@/lib/model-raters/ask-pair';
import type { EndpointMemory, ResponseFormatMode } from '@/lib/llm/endpoint';
import { aggregatePair } from '@/lib/model-raters/pair-answer';
import type { RetryOptions } from '@/lib/llm/retry-policy';
import { describeStop, isRunStopping } from './stop-errors';
import { EndpointKeyError, resolveEndpointKey } from '@/lib/services/model-raters/endpoint-key';
import { pairsToComplete, planWork, runWork, type WorkTotals } from './judge-work';

const PROGRESS_EVERY_MS = 500;

export interface JudgeSessionOptions {
  ownerId: string;
  env?: NodeJS.ProcessEnv;
  /** stops the session as cancelled (the command line's Ctrl-C) */
  signal?: AbortSignal;
  /** after each progress write (the command line prints it) */
  onProgress?: (run: ModelRunView) => void;
  /** tests: fast retries */
  retry?: Partial<RetryOptions>;
}

export interface JudgeOutcome {
  status: 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  message: string;
}

function progressOf(totals: WorkTotals, startedAt: number): ModelRunProgress {
  const seconds = (Date.now() - startedAt) / 1000;
  return {
    pairsDone: totals.pairsDone,
    requestsDone: totals.requestsDone,
    requestsFailed: totals.requestsFailed,
    retries: totals.retries,
    reasked: totals.reasked,
    promptTokens: totals.promptTokens,
    completionTokens: totals.completionTokens,
    rate: seconds > 1 && totals.sessionDone > 0 ? totals.sessionDone / seconds : null,
  };
}

async function askedQuestions(db: Db, run: ModelRunView): Promise<{ guidelines: string; questions: Question[] }> {
  const wording = await getCampaignWordingAt(db, run.campaign.id, run.wordingVersion);
  if (!wording) throw new SetupError(`wording version ${run.wordingVersion} of the campaign is gone`);
  const questions = run.questions.map((key) => wording.questions.find((q) => q.key === key));
  const missing = run.questions.filter((_, i) => !questions[i]);
  if (missing.length > 0) throw new SetupError(`the campaign has no question ${missing.join(', ')} any more`);
  return { guidelines: wording.guidelines, questions: questions as Question[] };
}

class SetupError extends Error {}

/** Runs the session; the outcome is written to the run (unless the run stopped being this process's). */
export async function runModelJudging(db: Database, runId: number, options: JudgeSessionOptions): Promise<JudgeOutcome | null> {
  const run = await getModelRun(db, runId);
  if (!run || run.status !== 'RUNNING') return null;
  const env = options.env ?? process.env;
  const startedAt = Date.now();
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(new CancelRequested());
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const totals: WorkTotals = { ...(await countRecorded(db, runId)), sessionDone: 0 };
  let limiter: Awaited<ReturnType<typeof createEndpointLimiter>> | null = null;
  let ticker: NodeJS.Timeout | null = null;
  const finish = async (outcome: JudgeOutcome): Promise<JudgeOutcome> => {
    if (ticker) clearInterval(ticker);
    await writeRunMeasures(db, runId).catch((error: unknown) => logUnexpectedError(error, `measures of model run #${runId}`));
    const recorded = { ...(await countRecorded(db, runId)), sessionDone: totals.sessionDone };
    await finishModelRun(db, runId, options.ownerId, { ...outcome, progress: progressOf(recorded, startedAt) });
    return outcome;
  };
  try {
    const endpoint = run.endpoint.id === null ? null : await getEndpointForRun(db, run.endpoint.id);
    if (!endpoint) throw new SetupError(`the endpoint ${run.endpoint.name} was removed; start a new run on another endpoint`);
    const apiKey = resolveEndpointKey(endpoint, env);
    const template = (await getModelRunTemplate(db, runId)) ?? '';
    const { guidelines, questions } = await askedQuestions(db, run);
    const pairs = await listRunPairs(db, runId);
    const plan = planWork(pairs, await listRecordedRequests(db, runId), run);
    const completePairs = (done: ReadonlyArray<{ pairId: number; requests: Parameters<typeof aggregatePair>[0] }>) =>
      completeRunPairs(
        db,
        runId,
        done.map((d) => ({ pairId: d.pairId, answer: aggregatePair(d.requests, questions, run.swap) })),
      );
    const leftOver = pairsToComplete(pairs, plan.pending);
    await completePairs(leftOver.map((p) => ({ pairId: p.pairId, requests: plan.byPair.get(p.pairId) ?? [] })));
    limiter = await createEndpointLimiter(db, endpoint);
    const memory: EndpointMemory = {
      responseFormat: (endpoint.responseFormat as ResponseFormatMode | null) ?? null,
      logprobs: endpoint.logprobs,
    };
    const wantLogprobs = questions.some((q) => q.type === 'likert');
    const seedOf = (sample: number) => (run.seed === null ? null : run.seed + sample);
    ticker = setInterval(() => {
      void recordModelRunProgress(db, runId, options.ownerId, progressOf(totals, startedAt))
        .then(async ({ stop }) => {
          if (stop) abort.abort(new CancelRequested());
          const view = await getModelRun(db, runId);
          if (view) options.onProgress?.(view);
        })
        .catch(() => undefined);
    }, PROGRESS_EVERY_MS);
    const activeLimiter = limiter;
    await runWork(
      plan.tasks,
      { byPair: plan.byPair, pending: plan.pending, totals },
      {
        ask: async (task, signal) => {
          const [text1, text2] = task.swapped ? [task.pair.textB, task.pair.textA] : [task.pair.textA, task.pair.textB];
          const result = await askPair({
            endpoint: { name: endpoint.name, baseUrl: endpoint.baseUrl, apiKey, timeoutMs: endpoint.timeoutSeconds * 1000 },
            memory: { ...memory },
            limiter: activeLimiter,
            model: run.model,
            template,
            guidelines,
            questions,
            text1,
            text2,
            temperature: run.temperature,
            seed: seedOf(task.sample),
            maxTokens: run.maxTokens,
            wantLogprobs,
            signal,
            ...(options.retry ? { retry: options.retry } : {}),
          });
          if (result.memory.responseFormat !== memory.responseFormat || result.memory.logprobs !== memory.logprobs) {
            Object.assign(memory, result.memory);
            await rememberEndpointSupport(db, endpoint.id, memory);
          }
          return result;
        },
        record: (records) => recordRequests(db, runId, records),
        completePairs,
      },
      { workers: endpoint.concurrency + 2, signal: abort.signal, seedOf, questions },
    );
    const failed = totals.requestsFailed > 0 ? `, ${totals.requestsFailed} failed (their raw output is kept)` : '';
    return await finish({
      status: 'SUCCEEDED',
      message: `Asked ${totals.requestsDone.toLocaleString('en')} requests for ${totals.pairsDone.toLocaleString('en')} pairs${failed}, in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`,
    });
  } catch (error) {
    if (error instanceof CancelRequested || abort.signal.reason instanceof CancelRequested)
      return await finish({
        status: 'CANCELLED',
        message: 'Cancelled; Resume continues without asking again what was recorded.',
      });
    if (error instanceof SetupError || error instanceof EndpointKeyError)
      return await finish({ status: 'FAILED', message: `Cannot run: ${error.message}.` });
    if (isRunStopping(error)) return await finish({ status: 'FAILED', message: describeStop(error) });
    const reference = logUnexpectedError(error, `model run #${runId}`);
    return await finish({
      status: 'FAILED',
      message: `Stopped by an unexpected error (reference ${reference}); Resume continues without asking again what was recorded.`,
    });
  } finally {
    if (ticker) clearInterval(ticker);
    options.signal?.removeEventListener('abort', onOuterAbort);
    await limiter?.close();
  }
}

class CancelRequested extends Error {
  constructor() {
    super('cancel requested');
  }
}
