/**
 * Model installs started from the web app (ModelInstallJob rows; today only "glove"):
 * queueModelInstall (an admin's click; one job waits or runs at a time, a second click gets the same
 * job) → claimNextQueuedModelInstall (the job supervisor) → recordModelInstallProgress →
 * finishModelInstall. failModelInstallIfUnfinished when a job process died; failInterruptedModelInstalls
 * for jobs whose owner is gone (an install starts again from scratch, so they are failed, not queued).
 */
import type { Db } from '../client';
import { endInterruptedJobs, failJobIfUnfinished } from './job-rows';
import { claimNextQueued } from './claim';

export type InstallStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export interface ModelInstallJobView {
  id: number;
  model: string;
  status: InstallStatus;
  phase: string | null;
  bytesDone: number;
  bytesTotal: number;
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  createdBy: string | null;
}

const select = {
  id: true,
  model: true,
  status: true,
  phase: true,
  bytesDone: true,
  bytesTotal: true,
  message: true,
  createdAt: true,
  finishedAt: true,
  createdBy: { select: { email: true } },
} as const;

type Row = {
  id: number;
  model: string;
  status: InstallStatus;
  phase: string | null;
  bytesDone: bigint;
  bytesTotal: bigint;
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  createdBy: { email: string } | null;
};

const view = (row: Row): ModelInstallJobView => ({
  ...row,
  bytesDone: Number(row.bytesDone),
  bytesTotal: Number(row.bytesTotal),
  createdBy: row.createdBy?.email ?? null,
});

/** Queues an install of `model`, unless one is already waiting or running (then that one is returned with `created: false`). */
export async function queueModelInstall(
  db: Db,
  model: string,
  createdById: number | null,
  filesFolderId?: string,
): Promise<{ id: number; created: boolean }> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(7305, 0)`;
    const pending = await tx.modelInstallJob.findFirst({
      where: { model, status: { in: ['QUEUED', 'RUNNING'] } },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    if (pending) return { id: pending.id, created: false };
    const created = await tx.modelInstallJob.create({
      data: { model, createdById, filesFolderId: filesFolderId ?? null },
      select: { id: true },
    });
    return { id: created.id, created: true };
  });
}

/** The oldest waiting install, while no other install runs. */
export function claimNextQueuedModelInstall(db: Db, ownerId: string, filesFolderId?: string): Promise<{ id: number } | null> {
  return claimNextQueued(db, { table: 'ModelInstallJob', set: '"startedAt" = now()', oneRunning: 'any' }, ownerId, filesFolderId);
}

export async function recordModelInstallProgress(
  db: Db,
  id: number,
  progress: { phase: string; done: number; total: number },
): Promise<void> {
  await db.modelInstallJob.updateMany({
    where: { id, status: 'RUNNING' },
    data: { phase: progress.phase, bytesDone: BigInt(Math.round(progress.done)), bytesTotal: BigInt(Math.round(progress.total)) },
  });
}

/** The outcome, written only while the job is RUNNING (a job failed under its process keeps that outcome). */
export async function finishModelInstall(
  db: Db,
  id: number,
  outcome: { status: 'SUCCEEDED' | 'FAILED'; message: string },
): Promise<boolean> {
  const { count } = await db.modelInstallJob.updateMany({
    where: { id, status: 'RUNNING' },
    data: { ...outcome, finishedAt: new Date() },
  });
  return count === 1;
}

export function failModelInstallIfUnfinished(db: Db, id: number, why: string): Promise<boolean> {
  return failJobIfUnfinished(db, 'ModelInstallJob', id, `${why}. Nothing was installed; start it again.`);
}

/**
 * Installs whose owner is gone are failed (the caller prunes gone owners first); their partial
 * files are removed by the next install.
 */
export async function failInterruptedModelInstalls(db: Db): Promise<number> {
  const message = 'Interrupted: the process running it stopped. Nothing was installed; start it again.';
  return (await endInterruptedJobs(db, 'ModelInstallJob', { to: 'FAILED', message })).length;
}

export async function getModelInstallJob(db: Db, id: number): Promise<ModelInstallJobView | null> {
  const row = await db.modelInstallJob.findUnique({ where: { id }, select });
  return row ? view(row) : null;
}

export async function latestModelInstallJob(db: Db, model: string): Promise<ModelInstallJobView | null> {
  const row = await db.modelInstallJob.findFirst({ where: { model }, orderBy: { id: 'desc' }, select });
  return row ? view(row) : null;
}
