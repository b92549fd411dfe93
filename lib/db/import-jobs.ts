/** Import jobs: creation, progress, outcome, and the history shown on corpus pages. */
import type { Db } from './client';
import type { InputJsonValue } from './generated/internal/prismaNamespace';
import type { JobStatus } from './generated/enums';

export interface CreateImportJobData {
  corpusId: number;
  createdById: number | null;
  fileName: string;
  fileSha256: string;
  fileBytes: number;
  format: string | null;
  options: InputJsonValue;
  status?: JobStatus;
}

export function createImportJob(db: Db, data: CreateImportJobData) {
  return db.importJob.create({
    data: { ...data, fileBytes: BigInt(data.fileBytes), status: data.status ?? 'QUEUED' },
    select: { id: true },
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

export async function updateImportProgress(
  db: Db,
  id: number,
  progress: { bytesRead: number; recordsRead: number; rejected: number; status?: JobStatus; format?: string },
): Promise<void> {
  await db.importJob.update({
    where: { id },
    data: {
      bytesRead: BigInt(progress.bytesRead),
      recordsRead: progress.recordsRead,
      rejected: progress.rejected,
      ...(progress.status ? { status: progress.status } : {}),
      ...(progress.format ? { format: progress.format } : {}),
      ...(progress.status === 'RUNNING' ? { startedAt: new Date() } : {}),
    },
  });
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
}

/** Records the end of an import. A successful publish already set imported/duplicates atomically. */
export async function finishImportJob(db: Db, id: number, outcome: ImportOutcome): Promise<void> {
  await db.importJob.update({
    where: { id },
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

export interface ImportJobView {
  id: number;
  fileName: string;
  format: string | null;
  status: JobStatus;
  bytesRead: number;
  fileBytes: number | null;
  recordsRead: number;
  imported: number;
  duplicates: number;
  rejected: number;
  errorCount: number;
  errors: Array<{ line: number; message: string }>;
  message: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdBy: string | null;
}

const jobSelect = {
  id: true,
  fileName: true,
  format: true,
  status: true,
  bytesRead: true,
  fileBytes: true,
  recordsRead: true,
  imported: true,
  duplicates: true,
  rejected: true,
  errorCount: true,
  errors: true,
  message: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  createdBy: { select: { email: true } },
} as const;

type JobRow = {
  [K in keyof Omit<ImportJobView, 'bytesRead' | 'fileBytes' | 'errors' | 'createdBy'>]: ImportJobView[K];
} & { bytesRead: bigint; fileBytes: bigint | null; errors: unknown; createdBy: { email: string } | null };

function toView(row: JobRow): ImportJobView {
  return {
    ...row,
    bytesRead: Number(row.bytesRead),
    fileBytes: row.fileBytes === null ? null : Number(row.fileBytes),
    errors: Array.isArray(row.errors) ? (row.errors as ImportJobView['errors']) : [],
    createdBy: row.createdBy?.email ?? null,
  };
}

export async function listImportJobs(db: Db, corpusId: number, limit = 20): Promise<Array<ImportJobView & { hasRejects: boolean }>> {
  const rows = await db.importJob.findMany({ where: { corpusId }, orderBy: { id: 'desc' }, take: limit, select: { ...jobSelect, rejectsPath: true } });
  return rows.map(({ rejectsPath, ...row }) => ({ ...toView(row), hasRejects: rejectsPath !== null }));
}

export async function getImportJob(db: Db, id: number): Promise<(ImportJobView & { corpusId: number; rejectsPath: string | null }) | null> {
  const row = await db.importJob.findUnique({ where: { id }, select: { ...jobSelect, corpusId: true, rejectsPath: true } });
  return row ? { ...toView(row), corpusId: row.corpusId, rejectsPath: row.rejectsPath } : null;
}

/**
 * Jobs a stopped process left behind: RUNNING, or queued to run, with no heartbeat for `staleMs`.
 * Nothing of theirs was published (their transaction died with the process), so they are marked
 * failed; returns the uploaded files they held, for the caller to delete. Uploads still waiting for
 * the researcher to confirm the format stay as they are.
 */
export async function failInterruptedImports(db: Db, staleMs = 5 * 60_000): Promise<{ count: number; files: string[] }> {
  const where = {
    OR: [{ status: 'RUNNING' as const }, { status: 'QUEUED' as const, startedAt: { not: null } }],
    updatedAt: { lt: new Date(Date.now() - staleMs) },
  };
  const stale = await db.importJob.findMany({ where, select: { id: true, sourcePath: true } });
  if (stale.length === 0) return { count: 0, files: [] };
  await db.importJob.updateMany({
    where: { id: { in: stale.map((j) => j.id) } },
    data: { status: 'FAILED', message: 'Interrupted: Paralens stopped during the import. Nothing was published; import the file again.', finishedAt: new Date(), sourcePath: null },
  });
  return { count: stale.length, files: stale.flatMap((j) => (j.sourcePath ? [j.sourcePath] : [])) };
}

/** An uploaded file waiting for the researcher to confirm its format. */
export function createUploadedImportJob(db: Db, data: { corpusId: number; createdById: number; fileName: string; fileBytes: number; sourcePath: string; format: string | null }) {
  return db.importJob.create({
    data: { ...data, fileBytes: BigInt(data.fileBytes), status: 'QUEUED' },
    select: { id: true },
  });
}

export function getImportJobSource(db: Db, id: number) {
  return db.importJob.findUnique({ where: { id }, select: { id: true, corpusId: true, status: true, sourcePath: true, fileName: true, startedAt: true } });
}
