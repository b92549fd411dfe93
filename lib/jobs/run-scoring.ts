/**
 * Runs one scoring job (command line and job processes): fills in the semantic measures a
 * corpus's pairs lack, from the local models (lib/models/text-scorers.ts). Pairs are read in id
 * order after the job's resume point, a batch at a time; each distinct text of a batch is turned
 * into its representation once per measure and kept in a byte-bounded cache for the batches after
 * (captions recur); onnxruntime runs the encoders on both cores while PostgreSQL reads the next
 * batch and writes the previous one. Every batch is written with its pairs' new sem and delta in
 * one transaction, and the resume point and heartbeat follow it, so an interrupted job keeps its
 * work and its successor continues after it. A model file that is missing leaves its measure out
 * (reported); one that is unusable fails the job before anything is written.
 */
import type { Db } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpus-summary';
import { finishScoringJob, getScoringJob, recordScoringProgress, startScoringJob } from '@/lib/db/scoring-jobs';
import { countPairsToScore, readPairsToScore, readTexts, streamCorpusTexts, writePairScores, type PairScores, type PairToScore } from '@/lib/db/scoring-writes';
import { getCorpusSemMeasures } from '@/lib/db/semantic-set';
import { RepresentationCache } from '@/lib/models/representation-cache';
import { closeScorers, collectWmsVocabulary, COMPUTED_MEASURES, openScorers, type ComputedMeasure, type TextScorer } from '@/lib/models/text-scorers';

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
  /** pairs per batch (default 1,000) */
  batchPairs?: number;
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
}

export interface ScoringReport {
  jobId: number;
  status: 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  measures: ComputedMeasure[];
  skipped: Array<{ measure: string; message: string }>;
  pairsScored: number;
  pairsTotal: number;
  textsEmbedded: number;
  seconds: number;
  message: string;
}

const SUMMARY_REFRESH_MS = 10 * 60_000;

interface Lane {
  scorer: TextScorer;
  cache: RepresentationCache<unknown>;
}

/** Representations for every text the batch's pairs need, each distinct text prepared once per measure. */
async function prepareBatch(db: Db, corpusId: number, batch: readonly PairToScore[], lanes: readonly Lane[]): Promise<number> {
  const needed = lanes.map(() => new Set<number>());
  for (const pair of batch) {
    lanes.forEach((lane, k) => {
      if (!pair.missing.includes(lane.scorer.measure)) return;
      for (const id of [pair.textAId, pair.textBId]) if (!lane.cache.has(id)) needed[k]!.add(id);
    });
  }
  const all = new Set(needed.flatMap((s) => [...s]));
  const texts = await readTexts(db, corpusId, [...all]);
  for (const [k, lane] of lanes.entries()) {
    const ids = [...needed[k]!];
    const prepared = await lane.scorer.prepare(ids.map((id) => texts.get(id) ?? ''));
    ids.forEach((id, i) => lane.cache.set(id, prepared[i]));
  }
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
  const end = async (status: ScoringReport['status'], message: string): Promise<ScoringReport> => {
    await finishScoringJob(db, jobId, { status, message });
    return { jobId, status, measures: lanes.map((l) => l.scorer.measure), skipped, pairsScored: pairsDone - job.pairsDone, pairsTotal, textsEmbedded, seconds: (Date.now() - started) / 1000, message };
  };
  const progress = (phase: ScoringProgress['phase']) => options.onProgress?.({ phase, pairsDone, pairsTotal, textsEmbedded });

  progress('loading');
  try {
    const opened = await openScorers(requested, options.modelsDir, {
      ...(options.threads ? { threads: options.threads } : {}),
      ...(options.onnxBatch ? { batchSize: options.onnxBatch } : {}),
      wmsVocabulary: async () => {
        const vocabulary = new Set<string>();
        for await (const texts of streamCorpusTexts(db, job.corpusId)) collectWmsVocabulary(texts, vocabulary);
        return vocabulary;
      },
    });
    skipped = opened.unavailable;
    lanes = opened.scorers.map((scorer) => ({ scorer, cache: new RepresentationCache<unknown>(options.cacheBytes ?? 256 * 1024 * 1024, (r) => scorer.sizeOf(r)) }));
  } catch (error) {
    return end('FAILED', `${error instanceof Error ? error.message : String(error)}. Nothing was written.`);
  }
  try {
    if (lanes.length === 0) return await end('FAILED', `Nothing to compute: ${skipped.map((s) => s.message).join(' ')}`);
    const measures = lanes.map((l) => l.scorer.measure);
    const semMeasures = await getCorpusSemMeasures(db, job.corpusId);
    pairsTotal = pairsDone + (await countPairsToScore(db, job.corpusId, measures, job.lastPairId));
    await startScoringJob(db, jobId, { pairsTotal, skipped });
    progress('scoring');

    const limit = options.batchPairs ?? 1000;
    let cursor = job.lastPairId;
    let cancelled = false;
    let lastRefresh = Date.now();
    let next = readPairsToScore(db, job.corpusId, measures, cursor, limit);
    let writing: Promise<void> = Promise.resolve();
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      const last = batch.at(-1)!.id;
      next = readPairsToScore(db, job.corpusId, measures, last, limit);
      next.catch(() => {}); // awaited in the next round
      const prepared = await prepareBatch(db, job.corpusId, batch, lanes);
      const scores = scoreBatch(batch, lanes);
      await writing; // at most one write in flight
      if (cancelled) break; // flagged while the previous batch was written: this one is not
      writing = writePairScores(db, job.corpusId, measures, scores, semMeasures).then(async () => {
        pairsDone += batch.length;
        textsEmbedded += prepared;
        cursor = last;
        const { cancelRequested } = await recordScoringProgress(db, jobId, { pairsDone, textsEmbedded, lastPairId: cursor });
        cancelled ||= cancelRequested;
        progress('scoring');
        await options.afterBatch?.(pairsDone);
      });
      writing.catch(() => {}); // awaited before the next write or at the end
      const keep = new Set(batch.flatMap((p) => [p.textAId, p.textBId]));
      for (const lane of lanes) lane.cache.trim(keep);
      if (options.isCancelled?.()) cancelled = true;
      if (cancelled) break;
      if (Date.now() - lastRefresh > SUMMARY_REFRESH_MS) {
        await writing;
        await refreshCorpusSummary(db, job.corpusId);
        lastRefresh = Date.now();
      }
    }
    await writing;
    progress('summarizing');
    await refreshCorpusSummary(db, job.corpusId);
    const scored = `${(pairsDone - job.pairsDone).toLocaleString('en')} pairs scored (${measures.join(', ')})`;
    const left = skipped.length > 0 ? `; left out: ${skipped.map((s) => s.measure).join(', ')} (model files missing)` : '';
    if (cancelled) return await end('CANCELLED', `Cancelled after ${scored}; the scores written are kept${left}.`);
    return await end('SUCCEEDED', `${scored[0]!.toUpperCase()}${scored.slice(1)}${left}.`);
  } catch (error) {
    await refreshCorpusSummary(db, job.corpusId).catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    return end('FAILED', `${reason}. The ${pairsDone - job.pairsDone} pairs scored before are kept; a new scoring job continues after them.`);
  } finally {
    await closeScorers(lanes.map((l) => l.scorer));
  }
}
