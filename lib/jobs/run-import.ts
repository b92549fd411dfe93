/**
 * Runs one import end to end: hash the file (re-importing the same file is a no-op), parse it
 * as a stream (lib/import), compute every measure (lib/pair-rows → lib/measures), write the pairs with
 * COPY in one transaction (lib/db/pair-import-session). By default all-or-nothing: one
 * invalid record and nothing is published; with skipInvalid the valid records are published and
 * the rejected ones go to a rejects file. Progress is reported through a callback and the job row.
 */
import { stat } from 'node:fs/promises';
import type { Db } from '@/lib/db/client';
import { createImportJob, findCompletedImportOfFile, finishImportJob, updateImportProgress } from '@/lib/db/import-jobs';
import { PairImportSession, type ImportWriteResult } from '@/lib/db/pair-import-session';
import { openImportFile } from '@/lib/import/open-import-file';
import type { ImportFormat, Tier } from '@/lib/import/types';
import { ErrorReport } from '@/lib/import/error-report';
import { preparePair } from '@/lib/pair-rows/prepare-pair';
import type { PairRecord } from '@/lib/import/types';
import { hashFile } from './file-hash';
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
  skipInvalid?: boolean;
  /** where rejected records go with skipInvalid */
  rejectsPath?: string;
  /** an existing QUEUED job to run (uploads create theirs first) */
  jobId?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** checked between batches; when true the import stops and nothing is published */
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
}

const PROGRESS_MS = 500;

export async function runImport(options: RunImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const { db } = options;
  const { size } = await stat(options.filePath);
  const fileName = options.fileName ?? options.filePath.split('/').at(-1) ?? options.filePath;
  const report = (partial: Partial<ImportReport> & Pick<ImportReport, 'jobId' | 'status'>): ImportReport => ({
    format: null,
    tier: undefined,
    recordsRead: 0,
    imported: 0,
    duplicates: 0,
    rejected: 0,
    errorCount: 0,
    errors: [],
    rejectsPath: null,
    message: null,
    ...partial,
    seconds: (Date.now() - started) / 1000,
  });

  options.onProgress?.({ phase: 'hashing', bytesRead: 0, totalBytes: size, records: 0, errors: 0 });
  const sha = await hashFile(options.filePath);
  const jobOptions = { format: options.format ?? null, tier: options.tier ?? null, map: options.map ?? null, skipInvalid: Boolean(options.skipInvalid) };
  const previous = await findCompletedImportOfFile(db, options.corpusId, sha);
  const jobId =
    options.jobId ??
    (await createImportJob(db, { corpusId: options.corpusId, createdById: options.createdById ?? null, fileName, fileSha256: sha, fileBytes: size, format: options.format ?? null, options: jobOptions })).id;
  if (options.jobId) await db.importJob.update({ where: { id: jobId }, data: { fileSha256: sha, fileBytes: BigInt(size), options: jobOptions } });
  if (previous) {
    const message = `unchanged: this file was already imported into the corpus (import #${previous.id}, ${previous.imported} pairs)`;
    await finishImportJob(db, jobId, { status: 'SUCCEEDED', recordsRead: 0, rejected: 0, errorCount: 0, errors: [], message, rejectsPath: null, imported: 0, duplicates: 0 });
    return report({ jobId, status: 'UNCHANGED', message });
  }

  const errors = new ErrorReport();
  const rejects = options.skipInvalid && options.rejectsPath ? new RejectsFile(options.rejectsPath) : null;
  let session: PairImportSession | null = null;
  let records = 0;
  let stream: Awaited<ReturnType<typeof openImportFile>> | null = null;
  try {
    stream = await openImportFile(options.filePath, {
      fileName,
      ...(options.format ? { format: options.format } : {}),
      ...(options.tier ? { tier: options.tier } : {}),
      ...(options.map ? { map: options.map } : {}),
    });
    await updateImportProgress(db, jobId, { bytesRead: 0, recordsRead: 0, rejected: 0, status: 'RUNNING', format: stream.format });
    // About one pair per 150 bytes is a generous guess for every supported format.
    session = await PairImportSession.open(options.databaseUrl, options.corpusId, jobId, Math.ceil(size / 150));
    let lastProgress = 0;
    let seq = 0;
    let prepareMs = 0;
    let cancelled = false;
    /** an error after which the rest of the file could not be read (bad header, broken JSON document) */
    let fatal = false;
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
      }
      if (valid.length > 0) {
        const start = performance.now();
        const prepared = valid.map((r, i) => preparePair(r, seq + i + 1));
        seq += valid.length;
        prepareMs += performance.now() - start;
        await session.add(prepared);
      }
      // Let socket events through, so the database hears from us without waiting for a whole file chunk.
      await new Promise((resolve) => setImmediate(resolve));
      const now = Date.now();
      if (now - lastProgress >= PROGRESS_MS) {
        lastProgress = now;
        options.onProgress?.({ phase: 'parsing', bytesRead: stream.bytesRead(), totalBytes: size, records, errors: errors.total });
        await updateImportProgress(db, jobId, { bytesRead: stream.bytesRead(), recordsRead: records, rejected: errors.total });
        if (options.isCancelled?.()) {
          cancelled = true;
          break;
        }
      }
    }
    options.onProgress?.({ phase: 'parsing', bytesRead: stream.bytesRead(), totalBytes: size, records, errors: errors.total });
    await rejects?.close();
    const common = { recordsRead: records, rejected: errors.total, errorCount: errors.total, errors: errors.first, rejectsPath: rejects && rejects.count > 0 ? rejects.path : null };

    if (cancelled) {
      const message = 'Cancelled: nothing was published.';
      await finishImportJob(db, jobId, { ...common, status: 'CANCELLED', message });
      return report({ jobId, status: 'CANCELLED', format: stream.format, tier: stream.tier, ...common, errors: errors.format(), message });
    }
    if (fatal) {
      const message = 'The rest of the file could not be read after the error below: nothing was imported.';
      await finishImportJob(db, jobId, { ...common, status: 'FAILED', message });
      return report({ jobId, status: 'FAILED', format: stream.format, tier: stream.tier, ...common, errors: errors.format(), message });
    }
    if (errors.total > 0 && !options.skipInvalid) {
      const message = `${errors.total} invalid record${errors.total === 1 ? '' : 's'}: nothing was imported (use --skip-invalid to import the valid ones).`;
      await finishImportJob(db, jobId, { ...common, status: 'FAILED', message });
      return report({ jobId, status: 'FAILED', format: stream.format, tier: stream.tier, ...common, errors: errors.format(), message });
    }

    options.onProgress?.({ phase: 'committing', bytesRead: size, totalBytes: size, records, errors: errors.total });
    const published = await session.commit();
    const message = published.imported === 0 && published.duplicates > 0 ? 'unchanged: every pair was already in the corpus' : null;
    await finishImportJob(db, jobId, { ...common, status: 'SUCCEEDED', message, imported: published.imported, duplicates: published.duplicates });
    return report({
      jobId,
      status: message ? 'UNCHANGED' : 'SUCCEEDED',
      format: stream.format,
      tier: stream.tier,
      ...common,
      errors: errors.format(),
      imported: published.imported,
      duplicates: published.duplicates,
      message,
      written: published,
      timings: { prepareMs, ...session.timings },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await rejects?.close().catch(() => {});
    await finishImportJob(db, jobId, { status: 'FAILED', recordsRead: records, rejected: errors.total, errorCount: errors.total, errors: errors.first, message, rejectsPath: null });
    return report({ jobId, status: 'FAILED', format: stream?.format ?? null, tier: stream?.tier, recordsRead: records, rejected: errors.total, errorCount: errors.total, errors: errors.format(), message });
  } finally {
    await session?.close();
  }
}
