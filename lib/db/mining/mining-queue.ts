/**
 * Mining runs started from the web app (lib/jobs/mining/mining-queue.ts): QUEUED → claimed by the job
 * supervisor (RUNNING, in a job process) → SUCCEEDED, FAILED or CANCELLED. A cancel of a running
 * run is a flag its job reads between chunks; a stopped run that kept its work is queued again
 * by Resume and continues where it stopped. The run rows themselves: mining-runs.ts.
 */
import type { Db } from '../client';
import type { InputJsonValue } from '../generated/internal/prismaNamespace';
import { claimNextQueued } from '../jobs/claim';
import { failJobIfUnfinished, requestJobCancel } from '../jobs/job-rows';
import { stoppedWithWork } from './mining-runs';

export interface QueuedMiningRun {
  dumpPath: string;
  dumpBytes: number;
  dumpMtime: Date;
  indexPath: string | null;
  source: 'multistream' | 'bz2' | 'xml';
  corpusName: string;
  options: InputJsonValue;
  createdById: number | null;
  /** the files folder of the instance that queues it (its dumps and run folder): only an instance with that folder runs it */
  filesFolderId?: string;
}

/** A run waiting for the job supervisor; its chunks are planned when it starts. */
export async function queueMiningRun(db: Db, data: QueuedMiningRun): Promise<{ id: number }> {
  return db.miningRun.create({
    data: { ...data, dumpBytes: BigInt(data.dumpBytes), status: 'QUEUED', message: 'Waiting for a free job slot.' },
    select: { id: true },
  });
}

/** A run waiting to mine this dump file, if any. */
export function findWaitingMiningRun(db: Db, dumpPath: string): Promise<{ id: number } | null> {
  return db.miningRun.findFirst({ where: { dumpPath, status: 'QUEUED' }, select: { id: true } });
}

/** Queues a stopped run that kept its work again (Resume); false when it is not such a run. */
export async function requeueMiningRun(
  db: Db,
  runId: number,
  data: { corpusName?: string; options?: InputJsonValue; filesFolderId?: string } = {},
): Promise<boolean> {
  const { count } = await db.miningRun.updateMany({
    where: { id: runId, ...stoppedWithWork },
    data: {
      ...data,
      status: 'QUEUED',
      resumable: false,
      cancelRequested: false,
      message: 'Waiting for a free job slot; it continues where it stopped.',
      finishedAt: null,
      ownerId: null,
    },
  });
  return count === 1;
}

/** Takes the oldest waiting run whose dump no other run is working on, as `ownerId`'s. */
export function claimNextQueuedMiningRun(db: Db, ownerId: string, filesFolderId?: string): Promise<{ id: number } | null> {
  return claimNextQueued(
    db,
    { table: 'MiningRun', set: `"phase" = 'map', "message" = NULL`, oneRunning: { column: 'dumpPath' } },
    ownerId,
    filesFolderId,
  );
}

export type MiningCancelOutcome = 'cancelled' | 'requested' | 'not-found' | 'ended';

/** A waiting run is cancelled at once (it can be resumed); a running one is asked to stop. */
export async function requestMiningCancel(db: Db, runId: number): Promise<MiningCancelOutcome> {
  const { step } = await requestJobCancel(db, 'MiningRun', runId, {
    waiting: { message: `'Cancelled before it started. Resume queues it again.'`, set: '"resumable" = true' },
    flag: '"cancelRequested" = true',
  });
  return step === 'waiting' || step === 'orphaned' ? 'cancelled' : step;
}

export async function isMiningCancelRequested(db: Db, runId: number): Promise<boolean> {
  return (await db.miningRun.findUnique({ where: { id: runId }, select: { cancelRequested: true } }))?.cancelRequested ?? false;
}

/** What a job process needs to run a claimed run. */
export function getQueuedMiningRun(db: Db, runId: number) {
  return db.miningRun.findUnique({
    where: { id: runId },
    select: {
      id: true,
      status: true,
      dumpPath: true,
      dumpBytes: true,
      dumpMtime: true,
      indexPath: true,
      corpusName: true,
      options: true,
      createdById: true,
      chunksTotal: true,
    },
  });
}

/** The chunks of a queued run, planned when its job starts (the dump's size and time as read then). */
export async function planQueuedMiningRun(
  db: Db,
  runId: number,
  plan: {
    dumpBytes: number;
    dumpMtime: Date;
    source: string;
    chunks: Array<{ index: number; start: number; end: number; expectedPages: number | null }>;
  },
): Promise<void> {
  await db.miningRun.update({
    where: { id: runId },
    data: {
      dumpBytes: BigInt(plan.dumpBytes),
      dumpMtime: plan.dumpMtime,
      source: plan.source,
      chunksTotal: plan.chunks.length,
      bytesTotal: BigInt(plan.chunks.reduce((sum, c) => sum + (c.end - c.start), 0)),
      chunks: { create: plan.chunks.map((c) => ({ ...c, start: BigInt(c.start), end: BigInt(c.end) })) },
    },
  });
}

/** The job process of a run ended without recording an outcome: failed, its finished chunks kept for Resume. */
export async function failMiningRunIfUnfinished(
  db: Db,
  runId: number,
  why: string,
  o: { asWritten?: boolean } = {},
): Promise<void> {
  const message = o.asWritten ? why : `${why}. Nothing was published; Resume continues where it stopped.`;
  await failJobIfUnfinished(db, 'MiningRun', runId, message, { onlyRunning: true, set: '"resumable" = true' });
}
