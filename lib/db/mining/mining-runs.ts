/**
 * Mining runs and their chunks (prisma MiningRun / MiningChunk): creation, finding a run to resume,
 * progress heartbeats, the outcome, and the views the funnel page and its progress route read.
 */
import type { Db } from '../client';
import type { InputJsonValue } from '../generated/internal/prismaNamespace';
import type { JobStatus } from '../generated/enums';
import { isOwnerLive, liveOwner } from '../jobs/job-owners';
import { parseFunnel, type FunnelRow } from '@/lib/mining/funnel';

export interface NewMiningRun {
  dumpPath: string;
  dumpBytes: number;
  dumpMtime: Date;
  indexPath: string | null;
  source: 'multistream' | 'bz2' | 'xml' | 'references';
  corpusName: string;
  options: InputJsonValue;
  createdById?: number | null;
  /** the process that runs it (lib/jobs/job-owner.ts) */
  ownerId: string;
  chunks: Array<{ index: number; start: number; end: number; expectedPages: number | null }>;
}

export async function createMiningRun(db: Db, data: NewMiningRun): Promise<{ id: number }> {
  const { chunks, ...run } = data;
  return db.miningRun.create({
    data: {
      ...run,
      dumpBytes: BigInt(run.dumpBytes),
      chunksTotal: chunks.length,
      bytesTotal: BigInt(chunks.reduce((sum, c) => sum + (c.end - c.start), 0)),
      chunks: { create: chunks.map((c) => ({ ...c, start: BigInt(c.start), end: BigInt(c.end) })) },
    },
    select: { id: true },
  });
}

/** A stopped run that kept its finished chunks (failed for a reason other than its input, or cancelled). */
const stoppedWithWork = { status: { in: ['FAILED' as const, 'CANCELLED' as const] }, resumable: true };

/**
 * The newest run of the same dump file (path, size, modification time, index) and mode that can be
 * continued: stopped resumably, or RUNNING with its owner gone (its process died; the caller prunes
 * gone owners first). A run whose owner lives is returned with `isAlive`, so the caller can refuse to run twice.
 */
export async function findResumableRun(db: Db, dump: { dumpPath: string; dumpBytes: number; dumpMtime: Date; indexPath: string | null; mode: string }) {
  const candidates = await db.miningRun.findMany({
    where: { dumpPath: dump.dumpPath, dumpBytes: BigInt(dump.dumpBytes), dumpMtime: dump.dumpMtime, indexPath: dump.indexPath, OR: [{ status: 'RUNNING' }, stoppedWithWork] },
    orderBy: { id: 'desc' },
    select: { id: true, status: true, updatedAt: true, options: true, chunksTotal: true, ownerId: true },
  });
  const run = candidates.find((c) => (c.options as { mode?: string } | null)?.mode === dump.mode);
  if (!run) return null;
  return { ...run, isAlive: run.status === 'RUNNING' && (await isOwnerLive(db, run.ownerId)) };
}

/** Runs whose owner is gone stop RUNNING: failed, resumable (the same command continues them; the caller prunes gone owners first). */
export async function failInterruptedMiningRuns(db: Db): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE "MiningRun" j SET "status" = 'FAILED', "resumable" = true, "finishedAt" = now(), "updatedAt" = now(),
       "message" = 'Interrupted: the process running it stopped. Resume (or the same command) continues where it stopped.'
     WHERE j."status" = 'RUNNING' AND NOT ${liveOwner}`,
  );
}

export async function restartMiningRun(db: Db, runId: number, data: { corpusName: string; options: InputJsonValue; ownerId: string }): Promise<void> {
  await db.miningRun.update({ where: { id: runId }, data: { ...data, status: 'RUNNING', phase: 'map', resumable: false, cancelRequested: false, message: null, finishedAt: null } });
}

export function listPendingChunks(db: Db, runId: number) {
  return db.miningChunk.findMany({ where: { runId, doneAt: null }, orderBy: { index: 'asc' }, select: { index: true, start: true, end: true, expectedPages: true } });
}

/** Totals of the finished chunks (the part of the work a resumed run does not repeat). */
export async function sumDoneChunks(db: Db, runId: number) {
  const agg = await db.miningChunk.aggregate({ where: { runId, doneAt: { not: null } }, _count: true, _sum: { pages: true, references: true, xmlBytes: true } });
  const done = await db.miningChunk.findMany({ where: { runId, doneAt: { not: null } }, select: { start: true, end: true } });
  return {
    chunks: agg._count,
    pages: agg._sum.pages ?? 0,
    references: agg._sum.references ?? 0,
    xmlBytes: Number(agg._sum.xmlBytes ?? 0n),
    bytes: done.reduce((sum, c) => sum + Number(c.end - c.start), 0),
  };
}

export interface MiningProgress {
  phase?: string;
  chunksDone?: number;
  bytesDone?: number;
  xmlBytes?: number;
  pages?: number;
  references?: number;
  mbPerSecond?: number | null;
}

export async function updateMiningProgress(db: Db, runId: number, p: MiningProgress): Promise<void> {
  await db.miningRun.update({
    where: { id: runId },
    data: {
      ...(p.phase !== undefined ? { phase: p.phase } : {}),
      ...(p.chunksDone !== undefined ? { chunksDone: p.chunksDone } : {}),
      ...(p.bytesDone !== undefined ? { bytesDone: BigInt(Math.round(p.bytesDone)) } : {}),
      ...(p.xmlBytes !== undefined ? { xmlBytes: BigInt(Math.round(p.xmlBytes)) } : {}),
      ...(p.pages !== undefined ? { pages: p.pages } : {}),
      ...(p.references !== undefined ? { references: p.references } : {}),
      ...(p.mbPerSecond !== undefined ? { mbPerSecond: p.mbPerSecond } : {}),
    },
  });
}

export async function saveFunnel(db: Db, runId: number, funnel: FunnelRow[]): Promise<void> {
  await db.miningRun.update({ where: { id: runId }, data: { funnel: funnel as unknown as InputJsonValue } });
}

export async function finishMiningRun(
  db: Db,
  runId: number,
  outcome: { status: JobStatus; message: string | null; resumable?: boolean; corpusId?: number | null; importJobId?: number | null },
): Promise<void> {
  await db.miningRun.update({
    where: { id: runId },
    data: {
      status: outcome.status,
      message: outcome.message,
      resumable: outcome.resumable ?? false,
      ...(outcome.status === 'SUCCEEDED' ? { phase: 'done' } : {}),
      ...(outcome.corpusId !== undefined ? { corpusId: outcome.corpusId } : {}),
      ...(outcome.importJobId !== undefined ? { importJobId: outcome.importJobId } : {}),
      finishedAt: new Date(),
    },
  });
}

const runSelect = {
  id: true,
  dumpPath: true,
  indexPath: true,
  source: true,
  corpusName: true,
  options: true,
  status: true,
  phase: true,
  resumable: true,
  cancelRequested: true,
  chunksTotal: true,
  chunksDone: true,
  bytesTotal: true,
  bytesDone: true,
  xmlBytes: true,
  pages: true,
  references: true,
  mbPerSecond: true,
  funnel: true,
  message: true,
  createdAt: true,
  updatedAt: true,
  finishedAt: true,
  corpus: { select: { name: true, slug: true } },
} as const;

type RunRow = Awaited<ReturnType<typeof loadRuns>>[number];

function loadRuns(db: Db, where: { id?: number }, take: number) {
  return db.miningRun.findMany({ where, orderBy: { id: 'desc' }, take, select: runSelect });
}

export interface MiningRunView {
  id: number;
  dumpName: string;
  source: string;
  corpusName: string;
  corpus: { name: string; slug: string } | null;
  options: { tier?: string; mode?: string; minRefs?: number; maxRefs?: number; workers?: number };
  status: JobStatus;
  phase: string;
  resumable: boolean;
  /** a cancel was asked for and the run has not stopped yet */
  cancelRequested: boolean;
  chunksTotal: number;
  chunksDone: number;
  bytesTotal: number;
  bytesDone: number;
  xmlBytes: number;
  pages: number;
  references: number;
  mbPerSecond: number | null;
  funnel: FunnelRow[];
  message: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

function toView(row: RunRow): MiningRunView {
  return {
    id: row.id,
    dumpName: row.dumpPath.split('/').at(-1) ?? row.dumpPath,
    source: row.source,
    corpusName: row.corpusName,
    corpus: row.corpus,
    options: (row.options ?? {}) as MiningRunView['options'],
    status: row.status,
    phase: row.phase,
    resumable: row.resumable,
    cancelRequested: row.cancelRequested && row.status === 'RUNNING',
    chunksTotal: row.chunksTotal,
    chunksDone: row.chunksDone,
    bytesTotal: Number(row.bytesTotal),
    bytesDone: Number(row.bytesDone),
    xmlBytes: Number(row.xmlBytes),
    pages: row.pages,
    references: row.references,
    mbPerSecond: row.mbPerSecond,
    funnel: parseFunnel(row.funnel),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listMiningRuns(db: Db, limit = 50): Promise<MiningRunView[]> {
  return (await loadRuns(db, {}, limit)).map(toView);
}

export async function getMiningRun(db: Db, id: number): Promise<MiningRunView | null> {
  const [row] = await loadRuns(db, { id }, 1);
  return row ? toView(row) : null;
}

/** Removes a corpus a failed mining run created, when it holds no pairs (nothing was published). */
export async function deleteCorpusIfEmpty(db: Db, corpusId: number): Promise<void> {
  await db.corpus.deleteMany({ where: { id: corpusId, pairs: { none: {} } } });
}

/*
 * Runs started from the web app (lib/jobs/mining/mining-queue.ts): QUEUED → claimed by the job
 * supervisor (RUNNING, in a job process) → SUCCEEDED, FAILED or CANCELLED. A cancel of a running
 * run is a flag its job reads between chunks; a stopped run that kept its work is queued again
 * by Resume and continues where it stopped.
 */

export interface QueuedMiningRun {
  dumpPath: string;
  dumpBytes: number;
  dumpMtime: Date;
  indexPath: string | null;
  source: 'multistream' | 'bz2' | 'xml';
  corpusName: string;
  options: InputJsonValue;
  createdById: number | null;
}

/** A run waiting for the job supervisor; its chunks are planned when it starts. */
export async function queueMiningRun(db: Db, data: QueuedMiningRun): Promise<{ id: number }> {
  return db.miningRun.create({ data: { ...data, dumpBytes: BigInt(data.dumpBytes), status: 'QUEUED', message: 'Waiting for a free job slot.' }, select: { id: true } });
}

/** A run waiting to mine this dump file, if any. */
export function findWaitingMiningRun(db: Db, dumpPath: string): Promise<{ id: number } | null> {
  return db.miningRun.findFirst({ where: { dumpPath, status: 'QUEUED' }, select: { id: true } });
}

/** Queues a stopped run that kept its work again (Resume); false when it is not such a run. */
export async function requeueMiningRun(db: Db, runId: number, data: { corpusName?: string; options?: InputJsonValue } = {}): Promise<boolean> {
  const { count } = await db.miningRun.updateMany({
    where: { id: runId, ...stoppedWithWork },
    data: { ...data, status: 'QUEUED', resumable: false, cancelRequested: false, message: 'Waiting for a free job slot; it continues where it stopped.', finishedAt: null, ownerId: null },
  });
  return count === 1;
}

/** Takes the oldest waiting run whose dump no other run is working on, as `ownerId`'s. */
export async function claimNextQueuedMiningRun(db: Db, ownerId: string): Promise<{ id: number } | null> {
  const rows = await db.$queryRaw<Array<{ id: number }>>`
    UPDATE "MiningRun" SET "status" = 'RUNNING', "ownerId" = ${ownerId}, "phase" = 'map', "message" = NULL, "updatedAt" = now()
    WHERE "id" = (
      SELECT "id" FROM "MiningRun" j WHERE "status" = 'QUEUED'
        AND NOT EXISTS (SELECT 1 FROM "MiningRun" r WHERE r."dumpPath" = j."dumpPath" AND r."status" = 'RUNNING')
      ORDER BY "id" FOR UPDATE SKIP LOCKED LIMIT 1)
    RETURNING "id"`;
  return rows[0] ?? null;
}

export type MiningCancelOutcome = 'cancelled' | 'requested' | 'not-found' | 'ended';

/** A waiting run is cancelled at once (it can be resumed); a running one is asked to stop. */
export async function requestMiningCancel(db: Db, runId: number): Promise<MiningCancelOutcome> {
  const waiting = await db.miningRun.updateMany({
    where: { id: runId, status: 'QUEUED' },
    data: { status: 'CANCELLED', resumable: true, message: 'Cancelled before it started. Resume queues it again.', finishedAt: new Date() },
  });
  if (waiting.count === 1) return 'cancelled';
  const running = await db.miningRun.updateMany({ where: { id: runId, status: 'RUNNING' }, data: { cancelRequested: true } });
  if (running.count === 1) return 'requested';
  return (await db.miningRun.count({ where: { id: runId } })) === 0 ? 'not-found' : 'ended';
}

export async function isMiningCancelRequested(db: Db, runId: number): Promise<boolean> {
  return (await db.miningRun.findUnique({ where: { id: runId }, select: { cancelRequested: true } }))?.cancelRequested ?? false;
}

/** What a job process needs to run a claimed run. */
export function getQueuedMiningRun(db: Db, runId: number) {
  return db.miningRun.findUnique({
    where: { id: runId },
    select: { id: true, status: true, dumpPath: true, dumpBytes: true, dumpMtime: true, indexPath: true, corpusName: true, options: true, createdById: true, chunksTotal: true },
  });
}

/** The chunks of a queued run, planned when its job starts (the dump's size and time as read then). */
export async function planQueuedMiningRun(
  db: Db,
  runId: number,
  plan: { dumpBytes: number; dumpMtime: Date; source: string; chunks: Array<{ index: number; start: number; end: number; expectedPages: number | null }> },
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
export async function failMiningRunIfUnfinished(db: Db, runId: number, why: string): Promise<void> {
  await db.miningRun.updateMany({
    where: { id: runId, status: 'RUNNING' },
    data: { status: 'FAILED', resumable: true, message: `${why}. Nothing was published; Resume continues where it stopped.`, finishedAt: new Date() },
  });
}
