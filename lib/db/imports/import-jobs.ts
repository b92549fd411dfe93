/** Import jobs: creation, progress, outcome (views: import-job-views.ts; their files' sweeps: import-job-files.ts). */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';
import type { Query } from '../corpora/corpus-summary';
import { failJobIfUnfinished, requestJobCancel } from '../jobs/job-rows';
import type { ImportFunnelStep } from '@/lib/import/types';

/*
 * The life of an import job, one function per transition:
 *   createUploadedImportJob (waiting for the format) → confirmUploadedImport (queued) →
 *   claimNextConfirmedImport (running, in a job process) ──┐
 *   createImportJob (command line: running at once) ───────┴→ startImportJob (file facts) →
 *   recordImportProgress (progress; tells a cancel) → markImportSucceeded (in the import's own
 *   transaction) | finishImportJob (failed, cancelled, unchanged).
 *   Outside the happy path: cancelWaitingImport, requestImportCancel, failImportIfUnfinished
 *   (a job process died), failInterruptedImports (its owner is gone: start-up and every few seconds),
 *   expireUploads, expireRejectsFiles. A running job records its owner (docs/decisions/008).
 */

export interface CreateImportJobData {
  corpusId: number;
  createdById: number | null;
  fileName: string;
  /** the process that runs it (lib/runtime/job-owner.ts) */
  ownerId: string;
}

/** A command-line import: running from the start (its process is the runner and owner). */
export function createImportJob(db: Db, data: CreateImportJobData) {
  return db.importJob.create({ data: { ...data, status: 'RUNNING', startedAt: new Date() }, select: { id: true } });
}

/** An uploaded file waiting for the researcher to confirm its format. */
export function createUploadedImportJob(
  db: Db,
  data: {
    corpusId: number;
    createdById: number;
    fileName: string;
    fileBytes: number;
    sourcePath: string;
    format: string | null;
    /** the files folder holding the upload (lib/runtime/files-folder.ts) */
    filesFolderId?: string;
  },
) {
  return db.importJob.create({ data: { ...data, fileBytes: BigInt(data.fileBytes), status: 'QUEUED' }, select: { id: true } });
}

/** Imports of this user that are waiting (not confirmed yet) or queued. */
export function countWaitingImports(db: Db, userId: number): Promise<number> {
  return db.importJob.count({ where: { createdById: userId, status: 'QUEUED' } });
}

export interface ImportRequest {
  format: string | null;
  tier: string | null;
  map: string | null;
  skipInvalid: boolean;
  /** qa-assessed: the uploaded questions file (deleted with the upload) and its name */
  questionsPath?: string | null;
  questionsFileName?: string | null;
  /** the corpus language the user chose (ISO 639-1); qa-assessed: whose rules apply */
  language?: string | null;
}

/** The researcher confirmed the format: the job joins the queue. False when it was not waiting any more. */
export async function confirmUploadedImport(db: Db, id: number, request: ImportRequest): Promise<boolean> {
  const { count } = await db.importJob.updateMany({
    where: { id, status: 'QUEUED', confirmedAt: null, sourcePath: { not: null } },
    data: { confirmedAt: new Date(), format: request.format, options: { ...request } },
  });
  return count === 1;
}

/**
 * Attaches the questions file of a qa-assessed upload to its job while it waits for the start;
 * answers the file it replaces (for deletion). Not ok when the job is not waiting or not the corpus's.
 */
export async function attachImportQuestions(
  db: Db,
  id: number,
  corpusId: number,
  file: { path: string; fileName: string },
): Promise<{ ok: boolean; previous: string | null }> {
  const rows = await db.$queryRaw<Array<{ previous: string | null }>>`
    UPDATE "ImportJob" j SET "options" = COALESCE(j."options", '{}'::jsonb) || jsonb_build_object('questionsPath', ${file.path}::text, 'questionsFileName', ${file.fileName}::text)
    WHERE j."id" = ${id} AND j."corpusId" = ${corpusId} AND j."status" = 'QUEUED' AND j."confirmedAt" IS NULL AND j."sourcePath" IS NOT NULL
    RETURNING (SELECT x."options"->>'questionsPath' FROM "ImportJob" x WHERE x."id" = j."id") AS "previous"`;
  const row = rows[0];
  return row ? { ok: true, previous: row.previous } : { ok: false, previous: null };
}

export interface ClaimedImport {
  id: number;
  corpusId: number;
  createdById: number | null;
  fileName: string;
  sourcePath: string;
  options: ImportRequest;
}

/**
 * Takes the oldest confirmed job and marks it running, atomically: several server processes on one
 * database never run the same job (SKIP LOCKED passes over a row another claim holds).
 */
export async function claimNextConfirmedImport(db: Db, ownerId: string, filesFolderId?: string): Promise<ClaimedImport | null> {
  const anyFolder = filesFolderId === undefined;
  const rows = await db.$queryRaw<Array<ClaimedImport & { options: unknown }>>`
    UPDATE "ImportJob" SET "status" = 'RUNNING', "ownerId" = ${ownerId}, "startedAt" = now(), "updatedAt" = now()
    WHERE "id" = (
      SELECT "id" FROM "ImportJob"
      WHERE "status" = 'QUEUED' AND "confirmedAt" IS NOT NULL AND "sourcePath" IS NOT NULL
        AND (${anyFolder}::boolean OR "filesFolderId" IS NULL OR "filesFolderId" = ${filesFolderId ?? null}::text)
      ORDER BY "confirmedAt", "id" FOR UPDATE SKIP LOCKED LIMIT 1)
    RETURNING "id", "corpusId", "createdById", "fileName", "sourcePath", "options"`;
  const row = rows[0];
  return row ? { ...row, options: readImportRequest(row.options) } : null;
}

/** The file's facts, once hashed, and the chosen options. */
export async function startImportJob(
  db: Db,
  id: number,
  facts: { fileSha256: string; fileBytes: number; options: ImportRequest },
): Promise<void> {
  await db.importJob.update({
    where: { id },
    data: {
      fileSha256: facts.fileSha256,
      fileBytes: BigInt(facts.fileBytes),
      options: { ...facts.options },
      format: facts.options.format,
    },
  });
}

/** The last successful import of exactly this file into the corpus, if any. */
export function findCompletedImportOfFile(db: Db, corpusId: number, fileSha256: string) {
  return db.importJob.findFirst({
    where: { corpusId, fileSha256, status: 'SUCCEEDED', imported: { gt: 0 } },
    orderBy: { id: 'desc' },
    select: { id: true, createdAt: true, imported: true },
  });
}

/** Progress; answers whether a cancel was asked for meanwhile (or the job was ended without its process: then it stops too). */
export async function recordImportProgress(
  db: Db,
  id: number,
  progress: { bytesRead: number; recordsRead: number; rejected: number; format?: string },
): Promise<{ cancelRequested: boolean }> {
  const row = await db.importJob.update({
    where: { id },
    data: {
      bytesRead: BigInt(progress.bytesRead),
      recordsRead: progress.recordsRead,
      rejected: progress.rejected,
      ...(progress.format ? { format: progress.format } : {}),
    },
    select: { cancelRequestedAt: true, status: true },
  });
  return { cancelRequested: row.cancelRequestedAt !== null || row.status !== 'RUNNING' };
}

export interface ImportOutcome {
  status: JobStatus;
  recordsRead: number;
  rejected: number;
  errorCount: number;
  errors: Array<{ line: number; message: string }>;
  message: string | null;
  rejectsPath: string | null;
  imported?: number;
  duplicates?: number;
  /** set-building formats: what each step kept (qa-assessed) */
  funnel?: ImportFunnelStep[] | null;
}

/**
 * Records the end of an import that wrote nothing (failed, cancelled, unchanged); a job already
 * ended (e.g. failed because its owner was gone) keeps its outcome.
 */
export async function finishImportJob(db: Db, id: number, outcome: ImportOutcome): Promise<void> {
  await db.importJob.updateMany({
    where: { id, status: 'RUNNING' },
    data: {
      status: outcome.status,
      recordsRead: outcome.recordsRead,
      rejected: outcome.rejected,
      errorCount: outcome.errorCount,
      errors: outcome.errors,
      message: outcome.message,
      rejectsPath: outcome.rejectsPath,
      ...(outcome.imported !== undefined ? { imported: outcome.imported } : {}),
      ...(outcome.duplicates !== undefined ? { duplicates: outcome.duplicates } : {}),
      finishedAt: new Date(),
    },
  });
}

/**
 * Success, written by the import's own transaction just before it commits (so both or neither
 * happen). Throws, rolling the import back, when the job is no longer running (it was failed or
 * cancelled meanwhile, e.g. because its owner was taken for gone).
 */
export async function markImportSucceeded(
  query: Query,
  id: number,
  outcome: Omit<ImportOutcome, 'status'> & { imported: number; duplicates: number },
): Promise<void> {
  const rows = await query(
    `UPDATE "ImportJob" SET "status" = 'SUCCEEDED', "recordsRead" = $2, "rejected" = $3, "errorCount" = $4, "errors" = $5::jsonb,
       "message" = $6, "rejectsPath" = $7, "imported" = $8, "duplicates" = $9, "funnel" = $10::jsonb, "finishedAt" = now(), "updatedAt" = now() WHERE "id" = $1 AND "status" = 'RUNNING'
     RETURNING "id"`,
    [
      id,
      outcome.recordsRead,
      outcome.rejected,
      outcome.errorCount,
      JSON.stringify(outcome.errors),
      outcome.message,
      outcome.rejectsPath,
      outcome.imported,
      outcome.duplicates,
      outcome.funnel ? JSON.stringify(outcome.funnel) : null,
    ],
  );
  if (rows.length !== 1)
    throw new Error(`import job #${id} was ended while it ran (its process was taken for stopped); nothing was imported`);
}

export type CancelResult = 'discarded' | 'stopped' | 'requested' | 'ended';

/**
 * Cancels a job: one still waiting or queued ends at once (its upload is returned for deletion);
 * so does a running one whose owner is gone ('stopped'; the caller prunes gone owners first);
 * a running one whose process lives is asked to stop at its next progress tick.
 */
export async function requestImportCancel(db: Db, id: number): Promise<{ result: CancelResult; sourcePath: string | null }> {
  const { step, row } = await requestJobCancel(db, 'ImportJob', id, {
    waiting: {
      message: `CASE WHEN "confirmedAt" IS NULL THEN 'Discarded before it started.' ELSE 'Cancelled before it started: nothing was imported.' END`,
      set: '"sourcePath" = NULL',
    },
    orphaned: { message: `'Cancelled: the process running it had stopped. Nothing was imported.'`, set: '"sourcePath" = NULL' },
    flag: '"cancelRequestedAt" = now()',
    returning: '"sourcePath"',
  });
  const sourcePath = (row?.sourcePath as string | null | undefined) ?? null;
  if (step === 'waiting') return { result: 'discarded', sourcePath };
  if (step === 'orphaned') return { result: 'stopped', sourcePath };
  return { result: step === 'requested' ? 'requested' : 'ended', sourcePath: null };
}

/** The upload is no longer needed (the import ended); the caller deletes the file. */
export async function releaseImportSource(db: Db, id: number): Promise<void> {
  await db.importJob.updateMany({ where: { id }, data: { sourcePath: null } });
}

/** A job process ended without recording an outcome: the job failed with `message`. */
export function failImportIfUnfinished(db: Db, id: number, message: string): Promise<boolean> {
  return failJobIfUnfinished(db, 'ImportJob', id, message);
}

export function readImportRequest(options: unknown): ImportRequest {
  const o = (options ?? {}) as Partial<ImportRequest>;
  return {
    format: o.format ?? null,
    tier: o.tier ?? null,
    map: o.map ?? null,
    skipInvalid: o.skipInvalid === true,
    ...(o.questionsPath ? { questionsPath: o.questionsPath, questionsFileName: o.questionsFileName ?? null } : {}),
    ...(o.language ? { language: o.language } : {}),
  };
}

/** What a job runner and the import actions need to know about a job. */
export async function getImportJobSource(db: Db, id: number) {
  const row = await db.importJob.findUnique({
    where: { id },
    select: {
      id: true,
      corpusId: true,
      status: true,
      sourcePath: true,
      fileName: true,
      fileBytes: true,
      format: true,
      confirmedAt: true,
      createdById: true,
      options: true,
    },
  });
  return row ? { ...row, fileBytes: Number(row.fileBytes ?? 0), options: readImportRequest(row.options) } : null;
}
