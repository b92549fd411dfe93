/**
 * The middle phases of an import (lib/services/imports/run-import.ts): read how the corpus measures its pairs,
 * stream the file and prepare its pairs (every measure, once the language is known) into the COPY
 * session, with progress and cancel checks, then judge whether what was read may be written.
 */
import type { Db } from '@/lib/db/client';
import { recordImportProgress } from '@/lib/db/imports/import-jobs';
import type { PairImportSession } from '@/lib/db/imports/pair-import-session';
import type { PairRecord } from '@/lib/import/types';
import { DETECT_SAMPLE, LanguageSampler } from '@/lib/language/detect';
import { getCorpusMeasureTokenizer } from '@/lib/db/corpora/corpora';
import type { ErrorReport } from '@/lib/import/error-report';
import { measureOptionsForLanguage, type MeasureOptions } from '@/lib/measures/measures';
import { languageOfTokenizer } from '@/lib/measures/language-tokenize';
import { preparePair } from '@/lib/pair-rows/prepare-pair';
import { batchMeasures, type MeasureBatch } from '@/lib/pair-rows/measure-batch';
import { computeWorkerCount, measureBatchOffThread } from '@/lib/runtime/compute-workers';
import { getCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import type { RejectsFile } from './rejects-file';
import type { RunImportOptions } from './run-import';
import type { ImportStream } from './run-import-open';

const PROGRESS_MS = 500;

/** Records read and errors found so far: the read phase adds to them, and a failure reports them. */
export interface ImportTally {
  records: number;
  readonly errors: ErrorReport;
}

/**
 * How the corpus's pairs are measured: its semantic set and tokenizer as stored, and the language
 * fixed before reading (if any).
 */
export interface MeasureSetting {
  semMeasures: Awaited<ReturnType<typeof getCorpusSemMeasures>>;
  corpus: Awaited<ReturnType<typeof getCorpusMeasureTokenizer>>;
  /** the tokenizer's language the corpus's pairs already used, else the language given; null: detect it */
  fixedLanguage: string | null;
}

export async function readMeasureSetting(db: Db, corpusId: number, language: string | undefined): Promise<MeasureSetting> {
  const semMeasures = await getCorpusSemMeasures(db, corpusId);
  // The measures' tokenizer (docs/metrics.md#tokenizers): the one the corpus's pairs already used,
  // else the language given, else the language detected from the first texts (records wait for it).
  const corpus = await getCorpusMeasureTokenizer(db, corpusId);
  return {
    semMeasures,
    corpus,
    fixedLanguage: corpus.measureTokenizer ? languageOfTokenizer(corpus.measureTokenizer) : (language ?? null),
  };
}

/** A batch of records whose text measures a worker thread is computing. */
interface InFlight {
  records: PairRecord[];
  firstSeq: number;
  options: Readonly<MeasureOptions>;
  measures: Promise<MeasureBatch>;
}

/** Records whose text measures a worker thread computes at once (RunImportOptions.measureBatch). */
export const MEASURE_BATCH = 2_000;

/**
 * Prepares valid records (measures, keys) in file order for the session; until the language is
 * known, they wait for it. The text measures, most of an import's own CPU time, are computed on
 * compute worker threads (lib/runtime/compute-workers.ts) batch by batch while this thread reads on
 * and writes what came back, a few batches ahead, in file order. A last batch of fewer than a
 * quarter of `batchSize` records (and every batch when `batchSize` is 0) is measured on this thread.
 */
class PairPreparer {
  prepareMs = 0;
  measureLanguage: string | null;
  detected: string | null = null;
  private seq = 0;
  private measureOptions: Readonly<MeasureOptions> | null;
  private readonly pending: PairRecord[] = [];
  private readonly languages = new LanguageSampler();
  /** records with their options known, waiting to fill a batch */
  private queued: PairRecord[] = [];
  private readonly inFlight: InFlight[] = [];
  private readonly window = computeWorkerCount() + 1;

  constructor(
    private readonly session: PairImportSession,
    private readonly setting: MeasureSetting,
    private readonly batchSize: number,
  ) {
    this.measureLanguage = setting.fixedLanguage;
    this.measureOptions = setting.fixedLanguage ? measureOptionsForLanguage(setting.fixedLanguage) : null;
  }

  async add(valid: PairRecord[]): Promise<void> {
    for (const record of valid) {
      if (this.languages.full) break;
      this.languages.add(record.a.text);
      this.languages.add(record.b.text);
    }
    if (valid.length === 0) return;
    if (this.measureOptions) return this.prepare(valid, this.measureOptions);
    this.pending.push(...valid);
    // A file of texts without letters never fills the sample: decide after a bounded wait.
    if (this.languages.full || this.pending.length >= DETECT_SAMPLE * 5)
      await this.prepare(this.pending.splice(0), this.decideLanguage());
  }

  /** The records still waiting (for the language, to fill a batch, or measured elsewhere), prepared and handed on. */
  async flush(): Promise<void> {
    if (this.pending.length > 0) await this.prepare(this.pending.splice(0), this.measureOptions ?? this.decideLanguage());
    const rest = this.queued.splice(0);
    const restHere = rest.length * 4 < this.batchSize;
    if (rest.length > 0 && !restHere) await this.send(rest, this.measureOptions!);
    while (this.inFlight.length > 0) await this.receive();
    if (rest.length > 0 && restHere) await this.prepareHere(rest, this.measureOptions!);
  }

  // The options never change once known: the records waiting for the language take the options decided.
  private async prepare(records: PairRecord[], opts: Readonly<MeasureOptions>): Promise<void> {
    if (this.batchSize <= 0) return this.prepareHere(records, opts);
    for (const record of records) this.queued.push(record);
    while (this.queued.length >= this.batchSize) await this.send(this.queued.splice(0, this.batchSize), opts);
  }

  private async prepareHere(records: PairRecord[], opts: Readonly<MeasureOptions>): Promise<void> {
    const t0 = performance.now();
    const prepared = records.map((r, i) => preparePair(r, this.seq + i + 1, opts, this.setting.semMeasures));
    this.seq += records.length;
    this.prepareMs += performance.now() - t0;
    await this.session.add(prepared);
  }

  /** Sends a batch's texts to be measured; waits for the oldest batch when the window is full. */
  private async send(records: PairRecord[], options: Readonly<MeasureOptions>): Promise<void> {
    const measures = measureBatchOffThread({ a: records.map((r) => r.a.text), b: records.map((r) => r.b.text), options });
    measures.catch(() => {}); // reported when its turn comes (receive)
    this.inFlight.push({ records, firstSeq: this.seq + 1, options, measures });
    this.seq += records.length;
    while (this.inFlight.length > this.window) await this.receive();
  }

  /** The oldest batch's measures, its pairs prepared with them and handed to the session. */
  private async receive(): Promise<void> {
    const { records, firstSeq, options, measures } = this.inFlight.shift()!;
    const t0 = performance.now();
    const batch = await measures;
    const semMeasures = this.setting.semMeasures;
    const prepared = records.map((r, i) => preparePair(r, firstSeq + i, options, semMeasures, batchMeasures(batch, i)));
    this.prepareMs += performance.now() - t0;
    await this.session.add(prepared);
  }

  private decideLanguage(): Readonly<MeasureOptions> {
    this.detected = this.languages.guess().language;
    this.measureLanguage = this.detected ?? this.setting.corpus.language;
    this.measureOptions = measureOptionsForLanguage(this.measureLanguage);
    return this.measureOptions;
  }
}

export interface StreamInput {
  options: RunImportOptions;
  jobId: number;
  stream: ImportStream;
  size: number;
  session: PairImportSession;
  setting: MeasureSetting;
  rejects: RejectsFile | null;
  tally: ImportTally;
}

/** What reading the file came to. */
export interface Read {
  cancelled: boolean;
  /** an error after which the rest of the file could not be read (bad header, broken JSON, over the pair limit) */
  fatal: boolean;
  prepareMs: number;
  /** the language the measures used (null when none was fixed and no record was prepared) */
  measureLanguage: string | null;
  detected: string | null;
}

export async function streamAndPrepare({
  options,
  jobId,
  stream,
  size,
  session,
  setting,
  rejects,
  tally,
}: StreamInput): Promise<Read> {
  const { errors } = tally;
  const preparer = new PairPreparer(session, setting, options.measureBatch ?? MEASURE_BATCH);
  const reportParsing = () =>
    options.onProgress?.({
      phase: 'parsing',
      bytesRead: stream.bytesRead(),
      totalBytes: size,
      records: tally.records,
      errors: errors.total,
    });
  let lastProgress = 0;
  let cancelled = false;
  let fatal = false;
  for await (const batch of stream.batches) {
    const valid: PairRecord[] = [];
    for (const item of batch) {
      tally.records += 1;
      if (!item.ok) {
        errors.add(item.error);
        fatal ||= item.error.fatal === true;
        if (rejects) await rejects.add(item.error);
        continue;
      }
      // All-or-nothing and already failed: keep reading only to report every error.
      if (!options.skipInvalid && errors.total > 0) continue;
      valid.push(item.record);
    }
    await preparer.add(valid);
    // Let socket events through, so the database hears from us without waiting for a whole file chunk.
    await new Promise((resolve) => setImmediate(resolve));
    const now = Date.now();
    if (now - lastProgress >= PROGRESS_MS) {
      lastProgress = now;
      reportParsing();
      const { cancelRequested } = await recordImportProgress(options.db, jobId, {
        bytesRead: stream.bytesRead(),
        recordsRead: tally.records,
        rejected: errors.total,
      });
      if (cancelRequested || options.isCancelled?.()) {
        cancelled = true;
        break;
      }
    }
  }
  if (!cancelled) await preparer.flush();
  reportParsing();
  return {
    cancelled,
    fatal,
    prepareMs: preparer.prepareMs,
    measureLanguage: preparer.measureLanguage,
    detected: preparer.detected,
  };
}

/** Why nothing is written (cancelled, the file unreadable, invalid records without skipInvalid), or null to write. */
export function refusal(
  read: Read,
  errorTotal: number,
  skipInvalid: boolean | undefined,
): { status: 'CANCELLED' | 'FAILED'; message: string } | null {
  if (read.cancelled) return { status: 'CANCELLED', message: 'Cancelled: nothing was imported.' };
  if (read.fatal)
    return { status: 'FAILED', message: 'The rest of the file could not be read after the error below: nothing was imported.' };
  if (errorTotal > 0 && !skipInvalid) {
    return {
      status: 'FAILED',
      message: `${errorTotal} invalid record${errorTotal === 1 ? '' : 's'}: nothing was imported (use --skip-invalid to import the valid ones).`,
    };
  }
  return null;
}

/** The message of a write that added nothing new (every pair was already in the corpus), else null. */
