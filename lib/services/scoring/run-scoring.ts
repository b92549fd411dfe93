/**
 * Runs one scoring job (command line and job processes): fills in the semantic measures a
 * corpus's pairs lack, from the local models (lib/models/text-scorers.ts). Pairs are read in id
 * order after the job's resume point, a batch at a time; each distinct text of a batch is turned
 * into its representation once per measure and kept in a byte-bounded cache for the batches after
 * (captions recur); onnxruntime runs the encoders on both cores while PostgreSQL reads the next
 * batch and writes the previous one. Batches are sized by time (about 1.5 s of work each, however
 * fast the measures are). Every batch is written with its pairs' new sem and delta in one
 * statement with no time limit, and the resume point and heartbeat follow it, so an interrupted job
 * keeps its work and its successor continues after it. Database work that fails for a reason that
 * passes (a deadlock, a reset connection: lib/db/retry.ts) is retried with growing waits; only an
 * error retrying cannot fix fails the job, which keeps the pairs written. A model file that is
 * missing leaves its measure out (reported); one that is unusable fails the job before anything is
 * written.
 */
import type { Db } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { getCorpusMeasureLanguage } from '@/lib/db/corpora/corpora';
import { finishScoringJob, getScoringJob, recordScoringProgress, startScoringJob } from '@/lib/db/jobs/scoring-jobs';
import {
  countPairsToScore,
  readPairsToScore,
  readTexts,
  streamCorpusTexts,
  writePairScores,
  type PairScores,
  type PairToScore,
} from '@/lib/db/jobs/scoring-writes';
import { withDbRetry, type RetryOptions } from '@/lib/db/retry';
import { isConnectionLost, isDatabaseDiskFull } from '@/lib/errors/failure-causes';
import { getCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import { RepresentationCache } from '@/lib/models/representation-cache';
import {
  closeScorers,
  collectWmsVocabulary,
  COMPUTED_MEASURES,
  openScorers,
  type ComputedMeasure,
  type TextScorer,
} from '@/lib/models/text-scorers';

export interface ScoringProgress {
  phase: 'loading' | 'scoring' | 'summarizing';
  pairsDone: number;
  pairsTotal: number;
  textsEmbedded: number;
}

export interface RunScoringOptions {
  db: Db;
  /** a job already marked running (created by the command line, claimed, or taken over) */
  jobId: number;
  modelsDir: string;
  /** pairs per batch, fixed (default: sized by time, starting at 1,000) */
  batchPairs?: number;
  /** seconds of work a time-sized batch aims at (default 1.5) */
  batchSeconds?: number;
  /** retrying failed database work (default: 6 tries, waits from 0.5 s doubling) */
  retry?: Pick<RetryOptions, 'attempts' | 'firstDelayMs'>;
  /** told of each retry (the command line prints it) */
  onRetry?: (message: string) => void;
  /** bytes of cached representations per measure (default 256 MB) */
  cacheBytes?: number;
  /** onnxruntime threads (default 2) and texts per ONNX batch (default 32) */
  threads?: number;
  onnxBatch?: number;
  onProgress?: (progress: ScoringProgress) => void;
  /** checked between batches (Ctrl-C on the command line); the job's cancel flag is checked too */
  isCancelled?: () => boolean;
  /** called after each batch is written (tests stop a job here as if its process died) */
  afterBatch?: (written: number) => void | Promise<void>;
  /** what continues a job that failed ("Running the same command again"; default the corpus page's button) */
  rerun?: string;
}

export interface ScoringReport {
  jobId: number;
  status: 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  measures: ComputedMeasure[];
  skipped: Array<{ measure: string; message: string }>;
  pairsScored: number;
  pairsTotal: number;
  textsEmbedded: number;
  /** database operations that failed for a passing reason and were tried again */
  retries: number;
  seconds: number;
  message: string;
  /** false when the outcome could not be written to the job row (the database was unreachable) */
  recorded?: boolean;
  /**
   * where the time went, in ms (benchmarks print it): reading pairs and texts, preparing
   * representations, scoring, writing, the final summary
   */
  timings: ScoringTimings;
}

export interface ScoringTimings {
  /** opening the measures (loading models and vectors) */
  openMs: number;
  /** waiting for the next batch of pairs (read while the previous one was worked on) */
  readPairsMs: number;
  readTextsMs: number;
  prepareMs: number;
  scoreMs: number;
  /** the batches' writes (overlapping the next batch's work), and the part of it the work waited for */
  writeMs: number;
  writeWaitMs: number;
  summaryMs: number;
}

const SUMMARY_REFRESH_MS = 10 * 60_000;
const FIRST_BATCH = 1000;
const MIN_BATCH = 100;
const MAX_BATCH = 50_000;

/**
 * The next batch size: the pairs `seconds` of work would take at the rate the last batch showed,
 * changed by at most a factor of 2 per batch (one slow batch, a lock wait, does not shrink it to nothing).
 */
export function nextBatchSize(current: number, elapsedMs: number, seconds: number): number {
  const ideal = (current * seconds * 1000) / Math.max(elapsedMs, 1);
  return Math.round(Math.min(MAX_BATCH, current * 2, Math.max(MIN_BATCH, current / 2, ideal)));
}

interface Lane {
  scorer: TextScorer;
  cache: RepresentationCache<unknown>;
}

/** Representations for every text the batch's pairs need, each distinct text prepared once per measure. */
async function prepareBatch(
  db: Db,
  corpusId: number,
  batch: readonly PairToScore[],
  lanes: readonly Lane[],
  timings: ScoringTimings,
): Promise<number> {
  const needed = lanes.map(() => new Set<number>());
  for (const pair of batch) {
    lanes.forEach((lane, k) => {
      if (!pair.missing.includes(lane.scorer.measure)) return;
      for (const id of [pair.textAId, pair.textBId]) if (!lane.cache.has(id)) needed[k]!.add(id);
    });
  }
  const all = new Set(needed.flatMap((s) => [...s]));
  const readStarted = performance.now();
  const texts = await readTexts(db, corpusId, [...all]);
  const prepareStarted = performance.now();
  timings.readTextsMs += prepareStarted - readStarted;
  for (const [k, lane] of lanes.entries()) {
    const ids = [...needed[k]!];
    const prepared = await lane.scorer.prepare(ids.map((id) => texts.get(id) ?? ''));
    ids.forEach((id, i) => lane.cache.set(id, prepared[i]));
  }
  timings.prepareMs += performance.now() - prepareStarted;
  return all.size;
}

function scoreBatch(batch: readonly PairToScore[], lanes: readonly Lane[]): PairScores[] {
  return batch.map((pair) => {
    const values: PairScores['values'] = {};
    for (const { scorer, cache } of lanes) {
      if (!pair.missing.includes(scorer.measure)) continue;
      values[scorer.measure] = scorer.score(cache.get(pair.textAId), cache.get(pair.textBId));
    }
    return { id: pair.id, values };
  });
}

export async function runScoring(options: RunScoringOptions): Promise<ScoringReport> {
  const started = Date.now();
  const { db, jobId } = options;
  const job = await getScoringJob(db, jobId);
  if (!job) throw new Error(`scoring job ${jobId} does not exist`);
  const requested = COMPUTED_MEASURES.filter((m) => job.measures.includes(m));
  let pairsDone = job.pairsDone;
  let textsEmbedded = job.textsEmbedded;
  let pairsTotal = job.pairsTotal;
  let skipped: ScoringReport['skipped'] = [];
  let lanes: Lane[] = [];
  let retries = 0;
  const timings: ScoringTimings = {
    openMs: 0,
    readPairsMs: 0,
    readTextsMs: 0,
    prepareMs: 0,
    scoreMs: 0,
    writeMs: 0,
    writeWaitMs: 0,
    summaryMs: 0,
  };
  const timed = async <T>(key: keyof ScoringTimings, work: Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work;
    } finally {
      timings[key] += performance.now() - t;
    }
  };
  const retrying = <T>(what: string, fn: () => Promise<T>) =>
    withDbRetry(fn, {
      ...options.retry,
      onRetry: (error, attempt, delayMs) => {
        retries += 1;
        options.onRetry?.(
          `${what} failed (${error instanceof Error ? error.message.split('\n').at(-1) : String(error)}); try ${attempt + 1} in ${(delayMs / 1000).toFixed(1)} s`,
        );
      },
    });
  const end = async (status: ScoringReport['status'], message: string): Promise<ScoringReport> => {
    // With PostgreSQL gone for good, the report still says what happened (the job is requeued when its owner is found gone).
    const recorded = await retrying('recording the outcome', () => finishScoringJob(db, jobId, { status, message })).then(
      () => true,
      (error: unknown) => {
        if (!isConnectionLost(error)) throw error;
        return false;
      },
    );
    return {
      ...(recorded ? {} : { recorded: false }),
      jobId,
      status,
      measures: lanes.map((l) => l.scorer.measure),
      skipped,
      pairsScored: pairsDone - job.pairsDone,
      pairsTotal,
      textsEmbedded,
      retries,
      seconds: (Date.now() - started) / 1000,
      message,
      timings,
    };
  };
  const progress = (phase: ScoringProgress['phase']) => options.onProgress?.({ phase, pairsDone, pairsTotal, textsEmbedded });

  progress('loading');
  // The language the corpus's measures were tokenized for (docs/metrics.md#tokenizers).
  const language = await retrying('reading the corpus language', () => getCorpusMeasureLanguage(db, job.corpusId));
  try {
    const opened = await timed(
      'openMs',
      openScorers(requested, options.modelsDir, {
        ...(options.threads ? { threads: options.threads } : {}),
        ...(options.onnxBatch ? { batchSize: options.onnxBatch } : {}),
        language,
        wmsVocabulary: async () => {
          const vocabulary = new Set<string>();
          for await (const texts of streamCorpusTexts(db, job.corpusId)) collectWmsVocabulary(texts, vocabulary, language);
          return vocabulary;
        },
      }),
    );
    skipped = opened.unavailable;
    lanes = opened.scorers.map((scorer) => ({
      scorer,
      cache: new RepresentationCache<unknown>(options.cacheBytes ?? 256 * 1024 * 1024, (r) => scorer.sizeOf(r)),
    }));
  } catch (error) {
    return end('FAILED', `${error instanceof Error ? error.message : String(error)}. Nothing was written.`);
  }
  try {
    if (lanes.length === 0) return await end('FAILED', `Nothing to compute: ${skipped.map((s) => s.message).join(' ')}`);
    const measures = lanes.map((l) => l.scorer.measure);
    const semMeasures = await retrying('reading the semantic set', () => getCorpusSemMeasures(db, job.corpusId));
    pairsTotal =
      pairsDone + (await retrying('counting pairs', () => countPairsToScore(db, job.corpusId, measures, job.lastPairId)));
    await retrying('starting the job', () => startScoringJob(db, jobId, { pairsTotal, skipped }));
    progress('scoring');

    let limit = options.batchPairs ?? FIRST_BATCH;
    let writeMs = 0;
    let cursor = job.lastPairId;
    let cancelled = false;
    let lastRefresh = Date.now();
    const read = (after: number) => retrying('reading pairs', () => readPairsToScore(db, job.corpusId, measures, after, limit));
    let next = read(cursor);
    let writing: Promise<void> = Promise.resolve();
    for (;;) {
      const batch = await timed('readPairsMs', next);
      if (batch.length === 0) break;
      const last = batch.at(-1)!.id;
      next = read(last);
      next.catch(() => {}); // awaited in the next round
      const workStarted = Date.now();
      const prepared = await retrying('reading texts', () => prepareBatch(db, job.corpusId, batch, lanes, timings));
      const scoreStarted = performance.now();
      const scores = scoreBatch(batch, lanes);
      timings.scoreMs += performance.now() - scoreStarted;
      const workMs = Date.now() - workStarted;
      await timed('writeWaitMs', writing); // at most one write in flight
      if (cancelled) break; // flagged while the previous batch was written: this one is not
      // Work and writing overlap: the slower of the two sets the pace.
      if (options.batchPairs === undefined)
        limit = nextBatchSize(batch.length, Math.max(workMs, writeMs), options.batchSeconds ?? 1.5);
      const writeStarted = Date.now();
      writing = retrying('writing a batch', () => writePairScores(db, job.corpusId, measures, scores, semMeasures)).then(
        async () => {
          writeMs = Date.now() - writeStarted;
          timings.writeMs += writeMs;
          pairsDone += batch.length;
          textsEmbedded += prepared;
          cursor = last;
          const { cancelRequested } = await retrying('recording progress', () =>
            recordScoringProgress(db, jobId, { pairsDone, textsEmbedded, lastPairId: cursor }),
          );
          cancelled ||= cancelRequested;
          progress('scoring');
          await options.afterBatch?.(pairsDone);
        },
      );
      writing.catch(() => {}); // awaited before the next write or at the end
      const keep = new Set(batch.flatMap((p) => [p.textAId, p.textBId]));
      for (const lane of lanes) lane.cache.trim(keep);
      if (options.isCancelled?.()) cancelled = true;
      if (cancelled) break;
      if (Date.now() - lastRefresh > SUMMARY_REFRESH_MS) {
        await writing;
        await retrying('summarizing the corpus', () => refreshCorpusSummary(db, job.corpusId));
        lastRefresh = Date.now();
      }
    }
    await timed('writeWaitMs', writing);
    progress('summarizing');
    await timed(
      'summaryMs',
      retrying('summarizing the corpus', () => refreshCorpusSummary(db, job.corpusId)),
    );
    const scored = `${(pairsDone - job.pairsDone).toLocaleString('en')} pairs scored (${measures.join(', ')})`;
    const left = skipped.length > 0 ? `; left out: ${skipped.map((s) => s.measure).join(', ')} (model files missing)` : '';
    if (cancelled) return await end('CANCELLED', `Cancelled after ${scored}; the scores written are kept${left}.`);
    return await end('SUCCEEDED', `${scored[0]!.toUpperCase()}${scored.slice(1)}${left}.`);
  } catch (error) {
    await refreshCorpusSummary(db, job.corpusId).catch(() => {});
    const scored = (pairsDone - job.pairsDone).toLocaleString('en');
    const rerun = options.rerun ?? '“Complete the missing measures” on the corpus page';
    if (isConnectionLost(error))
      return end(
        'FAILED',
        `The database connection was lost after ${scored} pairs were scored: they are kept. ${rerun} continues after them once PostgreSQL is running again.`,
      );
    if (isDatabaseDiskFull(error))
      return end(
        'FAILED',
        `PostgreSQL's disk is full: scoring stopped after ${scored} pairs, which are kept. Free space on the database's disk; ${rerun} then continues after them.`,
      );
    const reason = error instanceof Error ? error.message : String(error);
    return end('FAILED', `${reason}. The ${scored} pairs scored before are kept; a new scoring job continues after them.`);
  } finally {
    await closeScorers(lanes.map((l) => l.scorer));
  }
}
