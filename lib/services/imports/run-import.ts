/**
 * Runs one import end to end, in the process that calls it (the command line, or a job process the
 * web server started): hash the file (re-importing the same file is a no-op), parse it as a stream
 * (lib/import, within lib/import/limits.ts), compute every measure (lib/pair-rows → lib/measures),
 * write the pairs with COPY in one transaction (lib/db/imports/pair-import-session) together with the
 * corpus summary and the job's success. By default all-or-nothing: one invalid record and nothing is
 * written; with skipInvalid the valid records are written and the rejected ones go to a rejects
 * file. Progress goes to a callback and the job row; a cancel asked for in the job row stops it.
 * runImport reads as its phases, each a function of its own: open (run-import-open.ts), stream and
 * prepare, judge (run-import-read.ts), write and summarise (run-import-write.ts), report (here).
 */
import type { Db } from '@/lib/db/client';
import type { Database } from '@/lib/db/database';
import { jobOwner } from '@/lib/runtime/job-owner';
import { createImportJob, finishImportJob, recordImportProgress, type ImportOutcome } from '@/lib/db/imports/import-jobs';
import { PairImportSession, type ImportWriteResult } from '@/lib/db/imports/pair-import-session';
import type { ImportLimits } from '@/lib/import/limits';
import type { ImportFormat, ImportFunnelStep, Tier } from '@/lib/import/types';
import { ErrorReport } from '@/lib/import/error-report';
import type { ComputedMeasure } from '@/lib/models/text-scorers';
import { describeImportFailure } from './import-failure';
import { freeBytesAt } from '@/lib/runtime/disk-space';
import { withDbRetry } from '@/lib/db/retry';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import path from 'node:path';
import { RejectsFile } from './rejects-file';
import { openImport, type ImportStream, type Opened } from './run-import-open';
import { readMeasureSetting, refusal, streamAndPrepare, type ImportTally } from './run-import-read';
import { summariseLanguage, unchangedMessage, writeImport } from './run-import-write';

export { describeFollowUp } from './run-import-write';

export interface ImportProgress {
  phase: 'hashing' | 'parsing' | 'committing';
  bytesRead: number;
  totalBytes: number;
  records: number;
  errors: number;
}

export interface RunImportOptions {
  /** the handle: the pairs are COPYed on a connection of its own on it (copyConnection) */
  db: Database;
  filePath: string;
  /** name shown in reports (defaults to the file's base name) */
  fileName?: string;
  corpusId: number;
  createdById?: number | null;
  format?: string;
  tier?: string;
  map?: string;
  /** qa-assessed: the QUESTIONS file (docs/import-formats.md#qa-assessed) and the name reports give it */
  questionsPath?: string;
  questionsFileName?: string;
  /** qa-assessed: the language whose affirmative-form rules apply (default es) */
  language?: string;
  skipInvalid?: boolean;
  /** where rejected records go with skipInvalid */
  rejectsPath?: string;
  /** a job already claimed for this run (web uploads); otherwise one is created */
  jobId?: number;
  limits?: Readonly<ImportLimits>;
  /**
   * After a successful import, queue a scoring job for the semantic measures (default true): they are
   * too slow to compute on the way (docs/semantic-measures.md, "Imports"). The job supervisor runs it;
   * `paralens import` runs it itself.
   */
  followUpScoring?: boolean;
  /** the follow-up job's measures (default: every one this installation can compute, availableMeasures) */
  followUpMeasures?: readonly ComputedMeasure[];
  onProgress?: (progress: ImportProgress) => void;
  /** what the user does to try again after a failure ("Run the same command again"; default "Upload the file again") */
  rerun?: string;
  /** the rejects folder as messages name it (default: its path's last part) */
  rejectsFolderShown?: string;
  /** checked with every progress tick besides the job row's cancel flag (the command line's Ctrl-C) */
  isCancelled?: () => boolean;
  /**
   * records whose text measures a compute worker thread computes at once (default MEASURE_BATCH,
   * lib/services/imports/run-import-read.ts); 0 computes them on the importing thread (tests)
   */
  measureBatch?: number;
}

export interface ImportReport {
  jobId: number;
  status: 'SUCCEEDED' | 'FAILED' | 'UNCHANGED' | 'CANCELLED';
  format: ImportFormat | null;
  tier: Tier | undefined;
  recordsRead: number;
  imported: number;
  duplicates: number;
  rejected: number;
  errorCount: number;
  errors: string[];
  seconds: number;
  rejectsPath: string | null;
  message: string | null;
  written?: ImportWriteResult;
  /** milliseconds: preparing records (measures, keys), waiting for the database, lookups, COPY */
  timings?: { prepareMs: number; waitMs: number; lookupMs: number; copyMs: number; dbBusyMs: number };
  /** set-building formats: what each step kept (qa-assessed) */
  funnel?: ImportFunnelStep[] | null;
  /** the corpus language detected from this, its first, import (none when given or not the first) */
  detectedLanguage?: string | null;
  /** the tokenizer the text measures used (lib/measures/language-tokenize.ts: rouge-score, unicode+snowball-es…) */
  measureTokenizer?: string;
  /** the scoring job queued after the import (followUpScoring) and its measures */
  scoringJobId?: number | null;
  scoringMeasures?: ComputedMeasure[];
  /** false when the failure could not be written to the job row (the database was unreachable) */
  recorded?: boolean;
}

type Outcome = Omit<ImportOutcome, 'status'>;

/** What every report of a run shows besides its outcome. */
interface RunIdentity {
  jobId: number;
  started: number;
  stream: ImportStream | null;
  errors: ErrorReport;
}

function importReport(
  run: RunIdentity,
  status: ImportReport['status'],
  outcome: Outcome,
  extra: Partial<ImportReport> = {},
): ImportReport {
  return {
    jobId: run.jobId,
    status,
    format: run.stream?.format ?? null,
    tier: run.stream?.tier,
    recordsRead: outcome.recordsRead,
    imported: outcome.imported ?? 0,
    duplicates: outcome.duplicates ?? 0,
    rejected: outcome.rejected,
    errorCount: outcome.errorCount,
    errors: run.errors.format(),
    rejectsPath: outcome.rejectsPath,
    message: outcome.message,
    seconds: (Date.now() - run.started) / 1000,
    ...extra,
  };
}

/** Ends a run that wrote nothing (the job row records it; UNCHANGED is a success there) and reports it. */
async function endWithoutWriting(
  db: Db,
  run: RunIdentity,
  status: ImportReport['status'],
  outcome: Outcome,
): Promise<ImportReport> {
  await finishImportJob(db, run.jobId, { ...outcome, status: status === 'UNCHANGED' ? 'SUCCEEDED' : status });
  return importReport(run, status, outcome);
}

/**
 * Ends a run that failed on an exception. The database may be what failed: the outcome is written
 * again for a few seconds (PostgreSQL restarting), and if it still cannot be, the report says so and
 * the job is failed when its owner is found gone (lib/jobs/orphans.ts).
 */
async function endFailed(db: Db, run: RunIdentity, outcome: Outcome): Promise<ImportReport> {
  try {
    await withDbRetry(() => finishImportJob(db, run.jobId, { ...outcome, status: 'FAILED' }), { attempts: 4 });
    return importReport(run, 'FAILED', outcome);
  } catch (error) {
    if (!isConnectionLost(error)) throw error;
    return importReport(run, 'FAILED', outcome, { recorded: false });
  }
}

/** Ends a run whose file was not read: imported before, or its questions file invalid. */
async function endUnopened(db: Db, run: RunIdentity, opened: Exclude<Opened, { status: 'OPEN' }>): Promise<ImportReport> {
  const nothingRead = { recordsRead: 0, rejected: 0, errorCount: 0, errors: [], rejectsPath: null };
  if (opened.status === 'UNCHANGED') {
    return endWithoutWriting(db, run, 'UNCHANGED', { ...nothingRead, message: opened.message, imported: 0, duplicates: 0 });
  }
  for (const e of opened.questionErrors) run.errors.add(e);
  // only the first errors of a questions file are kept (lib/qa-pairs/questions-file.ts): the others are counted
  run.errors.total = opened.questionErrorCount;
  const rejected = opened.questionErrorCount;
  return endWithoutWriting(db, run, 'FAILED', {
    ...nothingRead,
    rejected,
    errorCount: run.errors.total,
    errors: run.errors.first,
    message: opened.message,
  });
}

/** The counts of what was read, as the job row and the report give them. */
function readOutcome(tally: ImportTally, rejectsPath: string | null): Omit<Outcome, 'message'> {
  return {
    recordsRead: tally.records,
    rejected: tally.errors.total,
    errorCount: tally.errors.total,
    errors: tally.errors.first,
    rejectsPath,
  };
}

export async function runImport(options: RunImportOptions): Promise<ImportReport> {
  const { db } = options;
  const started = Date.now();
  const fileName = options.fileName ?? options.filePath.split('/').at(-1) ?? options.filePath;
  const jobId =
    options.jobId ??
    (
      await createImportJob(db, {
        corpusId: options.corpusId,
        createdById: options.createdById ?? null,
        fileName,
        ownerId: await jobOwner(db),
      })
    ).id;
  const tally: ImportTally = { records: 0, errors: new ErrorReport() };
  const run: RunIdentity = { jobId, started, stream: null, errors: tally.errors };
  const rejects = options.skipInvalid && options.rejectsPath ? new RejectsFile(options.rejectsPath) : null;
  let session: PairImportSession | null = null;
  let fileBytes = 0;
  let committing = false;
  try {
    const opened = await openImport(options, jobId, fileName);
    if (opened.status !== 'OPEN') return await endUnopened(db, run, opened);
    const { stream, size } = opened;
    fileBytes = size;
    run.stream = stream;
    await recordImportProgress(db, jobId, { bytesRead: 0, recordsRead: 0, rejected: 0, format: stream.format });

    const setting = await readMeasureSetting(db, options.corpusId, options.language);
    // About one pair per 150 bytes is a generous guess for every supported format.
    session = await PairImportSession.open(db, options.corpusId, jobId, Math.ceil(size / 150));
    const read = await streamAndPrepare({ options, jobId, stream, size, session, setting, rejects, tally });
    await rejects?.close();
    const counts = readOutcome(tally, rejects && rejects.count > 0 ? rejects.path : null);

    const refused = refusal(read, tally.errors.total, options.skipInvalid);
    if (refused) return await endWithoutWriting(db, run, refused.status, { ...counts, message: refused.message });

    options.onProgress?.({
      phase: 'committing',
      bytesRead: size,
      totalBytes: size,
      records: tally.records,
      errors: tally.errors.total,
    });
    const language = { measured: read.measureLanguage, corpus: setting.corpus.language };
    committing = true;
    const { written, funnel, tokenizer, scoringJobId, scoringMeasures } = await writeImport(
      options,
      session,
      stream,
      counts,
      language,
    );

    const message = unchangedMessage(written);
    const detectedLanguage = await summariseLanguage(
      db,
      options.corpusId,
      setting.fixedLanguage ? null : read.detected,
      written.imported,
    );
    return importReport(
      run,
      message ? 'UNCHANGED' : 'SUCCEEDED',
      { ...counts, imported: written.imported, duplicates: written.duplicates, message },
      {
        written,
        funnel,
        detectedLanguage,
        measureTokenizer: setting.corpus.measureTokenizer ?? tokenizer,
        scoringJobId,
        ...(scoringJobId ? { scoringMeasures } : {}),
        timings: { prepareMs: read.prepareMs, ...session.timings },
      },
    );
  } catch (error) {
    // Nothing of the file is kept: the transaction rolls back, and the rejects file goes too.
    await rejects?.discard();
    const message = describeImportFailure(error, fileName, {
      pairsRead: tally.records,
      failedChunk: session?.failedChunk ?? null,
      committing,
      rerun: options.rerun ?? 'Upload the file again',
      ...(rejects
        ? {
            rejects: {
              folder: options.rejectsFolderShown ?? path.dirname(rejects.path).split('/').at(-1)!,
              free: await freeBytesAt(path.dirname(rejects.path)),
              fileBytes,
            },
          }
        : {}),
    });
    return endFailed(db, run, { ...readOutcome(tally, null), message });
  } finally {
    await session?.close();
  }
}
