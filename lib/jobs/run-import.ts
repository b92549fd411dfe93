/**
 * Runs one import end to end, in the process that calls it (the command line, or a job process the
 * web server started): hash the file (re-importing the same file is a no-op), parse it as a stream
 * (lib/import, within lib/import/limits.ts), compute every measure (lib/pair-rows → lib/measures),
 * write the pairs with COPY in one transaction (lib/db/imports/pair-import-session) together with the
 * corpus summary and the job's success. By default all-or-nothing: one invalid record and nothing is
 * written; with skipInvalid the valid records are written and the rejected ones go to a rejects
 * file. Progress goes to a callback and the job row; a cancel asked for in the job row stops it.
 */
import { stat } from 'node:fs/promises';
import type { Db } from '@/lib/db/client';
import { jobOwner } from './job-owner';
import { createImportJob, findCompletedImportOfFile, finishImportJob, recordImportProgress, startImportJob, type ImportOutcome } from '@/lib/db/imports/import-jobs';
import { PairImportSession, type ImportWriteResult } from '@/lib/db/imports/pair-import-session';
import { openImportFile } from '@/lib/import/open-import-file';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '@/lib/import/limits';
import type { ImportFormat, ImportFunnelStep, PairRecord, Tier } from '@/lib/import/types';
import { readQaQuestionsFile } from '@/lib/import/open-qa-questions';
import { createHash } from 'node:crypto';
import { DETECT_SAMPLE, LanguageSampler } from '@/lib/language/detect';
import { getCorpusMeasureTokenizer, recordMeasureTokenizerWith, setDetectedCorpusLanguage } from '@/lib/db/corpora/corpora';
import { ErrorReport } from '@/lib/import/error-report';
import { measureOptionsForLanguage, type MeasureOptions } from '@/lib/measures/measures';
import { languageOfTokenizer, measureTokenizerId } from '@/lib/measures/language-tokenize';
import { preparePair } from '@/lib/pair-rows/prepare-pair';
import { queueScoringJobWith } from '@/lib/db/jobs/scoring-jobs';
import { queueIndexJobWith } from '@/lib/db/jobs/index-jobs';
import type { Query } from '@/lib/db/corpora/corpus-summary';
import { getCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import { measureCatalog, measuresForLanguage } from '@/lib/measures/catalog';
import { availableMeasures, type ComputedMeasure } from '@/lib/models/text-scorers';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import { hashFile } from './file-hash';
import { describeImportFailure } from './import-failure';
import { RejectsFile } from './rejects-file';

export interface ImportProgress {
  phase: 'hashing' | 'parsing' | 'committing';
  bytesRead: number;
  totalBytes: number;
  records: number;
  errors: number;
}

export interface RunImportOptions {
  db: Db;
  /** connection string for the dedicated COPY connection */
  databaseUrl: string;
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
  /** checked with every progress tick besides the job row's cancel flag (the command line's Ctrl-C) */
  isCancelled?: () => boolean;
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
}

const PROGRESS_MS = 500;

/** What the import's report says about its follow-up scoring job. */
export function describeFollowUp(measures: readonly ComputedMeasure[]): string {
  const names = measures.map((m) => measureCatalog[m].label).join(', ');
  const why = measures.length === 1 && measures[0] === 'wordnet' ? ' (no paper model or GloVe vectors installed: `paralens models`)' : '';
  return `Semantic measures computed next, in a scoring job: ${names}${why}.`;
}

export async function runImport(options: RunImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const { db } = options;
  const fileName = options.fileName ?? options.filePath.split('/').at(-1) ?? options.filePath;
  const jobId = options.jobId ?? (await createImportJob(db, { corpusId: options.corpusId, createdById: options.createdById ?? null, fileName, ownerId: await jobOwner(db) })).id;
  const errors = new ErrorReport();
  let records = 0;
  let stream: Awaited<ReturnType<typeof openImportFile>> | null = null;
  const report = (status: ImportReport['status'], outcome: Omit<ImportOutcome, 'status'>, extra: Partial<ImportReport> = {}): ImportReport => ({
    jobId,
    status,
    format: stream?.format ?? null,
    tier: stream?.tier,
    recordsRead: outcome.recordsRead,
    imported: outcome.imported ?? 0,
    duplicates: outcome.duplicates ?? 0,
    rejected: outcome.rejected,
    errorCount: outcome.errorCount,
    errors: errors.format(),
    rejectsPath: outcome.rejectsPath,
    message: outcome.message,
    seconds: (Date.now() - started) / 1000,
    ...extra,
  });
  const end = async (status: ImportReport['status'], outcome: Omit<ImportOutcome, 'status'>): Promise<ImportReport> => {
    await finishImportJob(db, jobId, { ...outcome, status: status === 'UNCHANGED' ? 'SUCCEEDED' : status });
    return report(status, outcome);
  };

  const rejects = options.skipInvalid && options.rejectsPath ? new RejectsFile(options.rejectsPath) : null;
  let session: PairImportSession | null = null;
  try {
    const { size } = await stat(options.filePath);
    options.onProgress?.({ phase: 'hashing', bytesRead: 0, totalBytes: size, records: 0, errors: 0 });
    // With a questions file, the import is of both files: a changed questions file is a new import.
    const sha = options.questionsPath
      ? createHash('sha256').update(`${await hashFile(options.filePath)}:${await hashFile(options.questionsPath)}`).digest('hex')
      : await hashFile(options.filePath);
    const request = {
      format: options.format ?? null,
      tier: options.tier ?? null,
      map: options.map ?? null,
      skipInvalid: Boolean(options.skipInvalid),
      ...(options.questionsPath ? { questionsFileName: options.questionsFileName ?? options.questionsPath.split('/').at(-1) ?? null } : {}),
      ...(options.language ? { language: options.language } : {}),
    };
    await startImportJob(db, jobId, { fileSha256: sha, fileBytes: size, options: request });
    const nothing = { recordsRead: 0, rejected: 0, errorCount: 0, errors: [], rejectsPath: null };
    const previous = await findCompletedImportOfFile(db, options.corpusId, sha);
    if (previous) {
      const message = `unchanged: this file was already imported into the corpus (import #${previous.id}, ${previous.imported} pairs)`;
      return await end('UNCHANGED', { ...nothing, message, imported: 0, duplicates: 0 });
    }

    const qa = options.questionsPath
      ? await readQaQuestionsFile(options.questionsPath, { ...(options.language ? { language: options.language } : {}), ...(options.questionsFileName ? { fileName: options.questionsFileName } : {}) })
      : null;
    if (qa && qa.errors.length > 0) {
      for (const e of qa.errors) errors.add(e);
      const message = `${qa.errors.length} invalid line${qa.errors.length === 1 ? '' : 's'} in the questions file: nothing was imported.`;
      return await end('FAILED', { ...nothing, rejected: qa.errors.length, errorCount: errors.total, errors: errors.first, message });
    }
    stream = await openImportFile(options.filePath, {
      ...(qa ? { qa: qa.qa } : {}),
      fileName,
      limits: options.limits ?? DEFAULT_IMPORT_LIMITS,
      ...(options.format ? { format: options.format } : {}),
      ...(options.tier ? { tier: options.tier } : {}),
      ...(options.map ? { map: options.map } : {}),
    });
    await recordImportProgress(db, jobId, { bytesRead: 0, recordsRead: 0, rejected: 0, format: stream.format });
    // About one pair per 150 bytes is a generous guess for every supported format.
    const semMeasures = await getCorpusSemMeasures(db, options.corpusId);
    // The measures' tokenizer (docs/metrics.md#tokenizers): the one the corpus's pairs already used,
    // else the language given, else the language detected from the first texts (records wait for it).
    const corpusSetting = await getCorpusMeasureTokenizer(db, options.corpusId);
    const fixedLanguage = corpusSetting.measureTokenizer ? languageOfTokenizer(corpusSetting.measureTokenizer) : (options.language ?? null);
    let measureLanguage: string | null = fixedLanguage;
    let detected: string | null = null;
    let measureOptions: Readonly<MeasureOptions> | null = fixedLanguage ? measureOptionsForLanguage(fixedLanguage) : null;
    session = await PairImportSession.open(options.databaseUrl, options.corpusId, jobId, Math.ceil(size / 150));
    let lastProgress = 0;
    let seq = 0;
    let prepareMs = 0;
    let cancelled = false;
    /** an error after which the rest of the file could not be read (bad header, broken JSON, over the pair limit) */
    let fatal = false;
    const languages = new LanguageSampler();
    const pending: PairRecord[] = [];
    const prepareAndAdd = async (records: PairRecord[], opts: Readonly<MeasureOptions>) => {
      const t0 = performance.now();
      const prepared = records.map((r, i) => preparePair(r, seq + i + 1, opts, semMeasures));
      seq += records.length;
      prepareMs += performance.now() - t0;
      await session!.add(prepared);
    };
    const decideLanguage = (): Readonly<MeasureOptions> => {
      detected = languages.guess().language;
      measureLanguage = detected ?? corpusSetting.language;
      measureOptions = measureOptionsForLanguage(measureLanguage);
      return measureOptions;
    };
    for await (const batch of stream.batches) {
      const valid: PairRecord[] = [];
      for (const item of batch) {
        records += 1;
        if (!item.ok) {
          errors.add(item.error);
          fatal ||= item.error.fatal === true;
          if (rejects) await rejects.add(item.error);
          continue;
        }
        // All-or-nothing and already failed: keep reading only to report every error.
        if (!options.skipInvalid && errors.total > 0) continue;
        valid.push(item.record);
        if (!languages.full) {
          languages.add(item.record.a.text);
          languages.add(item.record.b.text);
        }
      }
      if (valid.length > 0 && measureOptions) await prepareAndAdd(valid, measureOptions);
      else if (valid.length > 0) {
        pending.push(...valid);
        // A file of texts without letters never fills the sample: decide after a bounded wait.
        if (languages.full || pending.length >= DETECT_SAMPLE * 5) await prepareAndAdd(pending.splice(0), decideLanguage());
      }
      // Let socket events through, so the database hears from us without waiting for a whole file chunk.
      await new Promise((resolve) => setImmediate(resolve));
      const now = Date.now();
      if (now - lastProgress >= PROGRESS_MS) {
        lastProgress = now;
        options.onProgress?.({ phase: 'parsing', bytesRead: stream.bytesRead(), totalBytes: size, records, errors: errors.total });
        const { cancelRequested } = await recordImportProgress(db, jobId, { bytesRead: stream.bytesRead(), recordsRead: records, rejected: errors.total });
        if (cancelRequested || options.isCancelled?.()) {
          cancelled = true;
          break;
        }
      }
    }
    if (pending.length > 0 && !cancelled) await prepareAndAdd(pending.splice(0), measureOptions ?? decideLanguage());
    options.onProgress?.({ phase: 'parsing', bytesRead: stream.bytesRead(), totalBytes: size, records, errors: errors.total });
    await rejects?.close();
    const common = { recordsRead: records, rejected: errors.total, errorCount: errors.total, errors: errors.first, rejectsPath: rejects && rejects.count > 0 ? rejects.path : null };

    if (cancelled) return await end('CANCELLED', { ...common, message: 'Cancelled: nothing was imported.' });
    if (fatal) return await end('FAILED', { ...common, message: 'The rest of the file could not be read after the error below: nothing was imported.' });
    if (errors.total > 0 && !options.skipInvalid) {
      const message = `${errors.total} invalid record${errors.total === 1 ? '' : 's'}: nothing was imported (use --skip-invalid to import the valid ones).`;
      return await end('FAILED', { ...common, message });
    }

    options.onProgress?.({ phase: 'committing', bytesRead: size, totalBytes: size, records, errors: errors.total });
    const unchanged = (written: ImportWriteResult) => written.imported === 0 && written.duplicates > 0;
    let scoringJobId: number | null = null;
    const tokenizer = measureTokenizerId(measureLanguage ?? corpusSetting.language);
    // English-only measures (WordNet, GloVe) are left out for other languages (null).
    const scoringMeasures = options.followUpScoring === false ? [] : options.followUpMeasures ? measuresForLanguage(options.followUpMeasures, measureLanguage ?? 'en') : availableMeasures(resolveModelsDir(), measureLanguage ?? 'en');
    const queueFollowUp = async (query: Query, w: ImportWriteResult) => {
      if (w.imported > 0) await recordMeasureTokenizerWith(query, options.corpusId, tokenizer);
      if (w.imported > 0 && scoringMeasures.length > 0) {
        scoringJobId = await queueScoringJobWith(query, { corpusId: options.corpusId, createdById: options.createdById ?? null, measures: scoringMeasures });
      }
      // The explorer's indexes of this corpus, built after the commit (docs/decisions/006).
      if (w.imported > 0) await queueIndexJobWith(query, options.corpusId);
    };
    const outcomeMessage = (w: ImportWriteResult) =>
      unchanged(w) ? 'unchanged: every pair was already in the corpus' : w.imported > 0 && scoringMeasures.length > 0 ? describeFollowUp(scoringMeasures) : null;
    const funnel = stream.funnel();
    const written = await session.commit((w) => ({ ...common, imported: w.imported, duplicates: w.duplicates, message: outcomeMessage(w), funnel }), queueFollowUp);
    // The stored outcome (the corpus page's import list) names the follow-up measures; the report
    // carries them in scoringMeasures, which the command line prints.
    const message = unchanged(written) ? 'unchanged: every pair was already in the corpus' : null;
    const guess = fixedLanguage ? null : detected;
    const detectedLanguage = guess && written.imported > 0 && (await setDetectedCorpusLanguage(db, options.corpusId, guess, written.imported)) ? guess : null;
    return report(message ? 'UNCHANGED' : 'SUCCEEDED', { ...common, imported: written.imported, duplicates: written.duplicates, message }, {
      written,
      funnel,
      detectedLanguage,
      measureTokenizer: corpusSetting.measureTokenizer ?? tokenizer,
      scoringJobId,
      ...(scoringJobId ? { scoringMeasures } : {}),
      timings: { prepareMs, ...session.timings },
    });
  } catch (error) {
    await rejects?.close().catch(() => {});
    const message = describeImportFailure(error, fileName);
    return end('FAILED', { recordsRead: records, rejected: errors.total, errorCount: errors.total, errors: errors.first, message, rejectsPath: null });
  } finally {
    await session?.close();
  }
}
