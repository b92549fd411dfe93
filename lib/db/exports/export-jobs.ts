/**
 * Export jobs (ExportJob rows), one function per transition:
 *   queueExportJob (web: waiting) → claimNextQueuedExport (running, in a job process) →
 *   startExportJob (rows to write) → recordExportProgress (heartbeat) → finishExportJob.
 *   Outside the happy path: failExportIfUnfinished (its process died), failInterruptedExports
 *   (its owner is gone: a job left running is failed, never left looking complete), requeueExportJob (run a
 *   failed one again), deleteExportJob.
 * Jobs are private to their creator: every read for the web takes the user's id (docs/export.md).
 */
import type { Db } from '../client';
import type { ExportFormat, JobStatus } from '../generated/enums';
import { endInterruptedJobs, failJobIfUnfinished } from '../jobs/job-rows';
import { claimNextQueued } from '../jobs/claim';

export interface ExportJobView {
  id: number;
  scope: 'corpus' | 'campaign' | 'view';
  /** corpus or campaign slug; null for a view */
  scopeSlug: string | null;
  format: ExportFormat;
  filters: string | null;
  options: unknown;
  status: JobStatus;
  rowsTotal: number | null;
  rowCount: number;
  bytesWritten: number;
  filePath: string | null;
  /** the files folder the file is written in (lib/runtime/files-folder.ts); null: any */
  filesFolderId: string | null;
  message: string | null;
  createdById: number | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const select = {
  id: true,
  format: true,
  filters: true,
  options: true,
  status: true,
  rowsTotal: true,
  rowCount: true,
  bytesWritten: true,
  filePath: true,
  filesFolderId: true,
  message: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  startedAt: true,
  finishedAt: true,
  corpus: { select: { slug: true } },
  campaign: { select: { slug: true } },
} as const;

type Row = Omit<ExportJobView, 'scope' | 'scopeSlug' | 'bytesWritten' | 'filters'> & {
  bytesWritten: bigint;
  filters: unknown;
  corpus: { slug: string } | null;
  campaign: { slug: string } | null;
};

function toView({ corpus, campaign, ...row }: Row): ExportJobView {
  return {
    ...row,
    scope: campaign ? 'campaign' : corpus ? 'corpus' : 'view',
    scopeSlug: campaign?.slug ?? corpus?.slug ?? null,
    filters: typeof row.filters === 'string' ? row.filters : null,
    bytesWritten: Number(row.bytesWritten),
  };
}

export interface ExportJobRequest {
  createdById: number;
  corpusId: number | null;
  campaignId: number | null;
  format: ExportFormat;
  /** explorer view: its query string */
  filters: string | null;
  options: { include: string[] };
  /** the files folder of the instance that queues it: only an instance with that folder runs it (unset: any) */
  filesFolderId?: string;
}

export async function queueExportJob(db: Db, request: ExportJobRequest): Promise<ExportJobView> {
  const { filters, ...data } = request;
  return toView(await db.exportJob.create({ data: { ...data, ...(filters === null ? {} : { filters }) }, select }));
}

/** Takes the oldest waiting job and marks it running (SKIP LOCKED: several servers never run one job twice). */
export function claimNextQueuedExport(db: Db, ownerId: string, filesFolderId?: string): Promise<{ id: number } | null> {
  return claimNextQueued(db, { table: 'ExportJob', set: '"startedAt" = now()' }, ownerId, filesFolderId);
}

export async function getExportJob(db: Db, id: number): Promise<ExportJobView | null> {
  const row = await db.exportJob.findUnique({ where: { id }, select });
  return row ? toView(row) : null;
}

/** The job when `userId` created it; null otherwise (another user's job does not exist for them). */
export async function getOwnExportJob(db: Db, id: number, userId: number): Promise<ExportJobView | null> {
  const row = await db.exportJob.findFirst({ where: { id, createdById: userId }, select });
  return row ? toView(row) : null;
}

export async function listOwnExportJobs(db: Db, userId: number, limit = 50): Promise<ExportJobView[]> {
  return (
    await db.exportJob.findMany({
      where: { createdById: userId, dismissedAt: null },
      orderBy: { id: 'desc' },
      take: limit,
      select,
    })
  ).map(toView);
}

export async function startExportJob(db: Db, id: number, rowsTotal: number): Promise<void> {
  await db.exportJob.update({ where: { id }, data: { rowsTotal, rowCount: 0, bytesWritten: 0, message: null } });
}

export async function recordExportProgress(
  db: Db,
  id: number,
  progress: { rowCount: number; bytesWritten: number },
): Promise<void> {
  await db.exportJob.update({
    where: { id },
    data: { rowCount: progress.rowCount, bytesWritten: BigInt(progress.bytesWritten) },
  });
}

export async function finishExportJob(
  db: Db,
  id: number,
  outcome: {
    status: Extract<JobStatus, 'SUCCEEDED' | 'FAILED' | 'CANCELLED'>;
    message: string;
    filePath?: string;
    rowCount?: number;
    bytesWritten?: number;
  },
): Promise<void> {
  // A job already ended (failed because its owner was taken for gone) keeps that outcome.
  await db.exportJob.updateMany({
    where: { id, status: 'RUNNING' },
    data: {
      status: outcome.status,
      message: outcome.message,
      finishedAt: new Date(),
      filePath: outcome.filePath ?? null,
      ...(outcome.rowCount === undefined ? {} : { rowCount: outcome.rowCount }),
      ...(outcome.bytesWritten === undefined ? {} : { bytesWritten: BigInt(outcome.bytesWritten) }),
    },
  });
}

/** A job process ended without recording an outcome. */
export function failExportIfUnfinished(db: Db, id: number, why: string): Promise<boolean> {
  return failJobIfUnfinished(db, 'ExportJob', id, `${why}. Nothing of it was kept; run it again.`, { set: '"filePath" = NULL' });
}

/** Jobs whose owner is gone are failed (the caller prunes gone owners first, and removes their output); returns their ids. */
export async function failInterruptedExports(db: Db): Promise<number[]> {
  const rows = await endInterruptedJobs(db, 'ExportJob', {
    to: 'FAILED',
    message: 'Interrupted: the process running it stopped. Nothing of it was kept; run it again.',
    set: '"filePath" = NULL',
  });
  return rows.map((r) => r.id);
}

/** A failed or cancelled job of this user waits again; false when there is no such job. */
export async function requeueExportJob(db: Db, id: number, userId: number, filesFolderId?: string): Promise<boolean> {
  const { count } = await db.exportJob.updateMany({
    where: { id, createdById: userId, status: { in: ['FAILED', 'CANCELLED'] } },
    data: {
      status: 'QUEUED',
      ...(filesFolderId === undefined ? {} : { filesFolderId }),
      rowCount: 0,
      rowsTotal: null,
      bytesWritten: 0,
      filePath: null,
      message: null,
      startedAt: null,
      finishedAt: null,
    },
  });
  return count === 1;
}

/** Deletes a job of this user that is not running; returns its file to remove, or false when there is none. */
export async function deleteExportJob(db: Db, id: number, userId: number): Promise<{ filePath: string | null } | false> {
  const job = await db.exportJob.findFirst({
    where: { id, createdById: userId, status: { not: 'RUNNING' } },
    select: { filePath: true },
  });
  if (!job) return false;
  await db.exportJob.delete({ where: { id } });
  return { filePath: job.filePath };
}

/** Files of finished exports (start-up keeps these and removes any other file in the exports folder). */
export async function listExportFiles(db: Db): Promise<Set<string>> {
  const rows = await db.exportJob.findMany({ where: { filePath: { not: null } }, select: { filePath: true } });
  return new Set(rows.map((r) => r.filePath!));
}

/** Ids of the exports waiting or running (on a shared folder, another instance may be writing their files). */
export async function listActiveExportIds(db: Db): Promise<Set<number>> {
  const rows = await db.exportJob.findMany({ where: { status: { in: ['QUEUED', 'RUNNING'] } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}
