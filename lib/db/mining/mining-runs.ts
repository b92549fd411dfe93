/**
 * Mining runs and their chunks (prisma MiningRun / MiningChunk): creation, finding a run to resume,
 * progress heartbeats, the outcome. The web app's queue: mining-queue.ts; what pages show of them:
 * mining-run-views.ts.
 */
import type { Db } from '../client';
import type { InputJsonValue } from '../generated/internal/prismaNamespace';
import type { JobStatus } from '../generated/enums';
import { isOwnerLive } from '../jobs/job-owners';
import { endInterruptedJobs } from '../jobs/job-rows';
import type { FunnelRow } from '@/lib/mining/funnel';

export interface NewMiningRun {
  dumpPath: string;
  dumpBytes: number;
  dumpMtime: Date;
  indexPath: string | null;
  source: 'multistream' | 'bz2' | 'xml' | 'references';
  corpusName: string;
  options: InputJsonValue;
  createdById?: number | null;
  /** the process that runs it (lib/runtime/job-owner.ts) */
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
export const stoppedWithWork = { status: { in: ['FAILED' as const, 'CANCELLED' as const] }, resumable: true };

/**
 * The newest run of the same dump file (path, size, modification time, index) and mode that can be
 * continued: stopped resumably, or RUNNING with its owner gone (its process died; the caller prunes
 * gone owners first). A run whose owner lives is returned with `isAlive`, so the caller can refuse to run twice.
 */
export async function findResumableRun(
  db: Db,
  dump: { dumpPath: string; dumpBytes: number; dumpMtime: Date; indexPath: string | null; mode: string },
) {
  const candidates = await db.miningRun.findMany({
    where: {
      dumpPath: dump.dumpPath,
      dumpBytes: BigInt(dump.dumpBytes),
      dumpMtime: dump.dumpMtime,
      indexPath: dump.indexPath,
      OR: [{ status: 'RUNNING' }, stoppedWithWork],
    },
    orderBy: { id: 'desc' },
    select: { id: true, status: true, updatedAt: true, options: true, chunksTotal: true, ownerId: true, createdById: true },
  });
  const run = candidates.find((c) => (c.options as { mode?: string } | null)?.mode === dump.mode);
  if (!run) return null;
  return { ...run, isAlive: run.status === 'RUNNING' && (await isOwnerLive(db, run.ownerId)) };
}

/**
 * Runs whose owner is gone stop RUNNING: failed, resumable (the same command continues them; the
 * caller prunes gone owners first).
 */
export async function failInterruptedMiningRuns(db: Db): Promise<number> {
  const message = 'Interrupted: the process running it stopped. Resume (or the same command) continues where it stopped.';
  return (await endInterruptedJobs(db, 'MiningRun', { to: 'FAILED', message, set: '"resumable" = true' })).length;
}

export async function restartMiningRun(
  db: Db,
  runId: number,
  data: { corpusName: string; options: InputJsonValue; ownerId: string },
): Promise<void> {
  await db.miningRun.update({
    where: { id: runId },
    data: { ...data, status: 'RUNNING', phase: 'map', resumable: false, cancelRequested: false, message: null, finishedAt: null },
  });
}

export function listPendingChunks(db: Db, runId: number) {
  return db.miningChunk.findMany({
    where: { runId, doneAt: null },
    orderBy: { index: 'asc' },
    select: { index: true, start: true, end: true, expectedPages: true },
  });
}

/** Totals of the finished chunks (the part of the work a resumed run does not repeat). */
export async function sumDoneChunks(db: Db, runId: number) {
  const agg = await db.miningChunk.aggregate({
    where: { runId, doneAt: { not: null } },
    _count: true,
    _sum: { pages: true, references: true, xmlBytes: true },
  });
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
  outcome: {
    status: JobStatus;
    message: string | null;
    resumable?: boolean;
    corpusId?: number | null;
    importJobId?: number | null;
  },
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

/** Removes a corpus a failed mining run created, when it holds no pairs (nothing was published). */
export async function deleteCorpusIfEmpty(db: Db, corpusId: number): Promise<void> {
  await db.corpus.deleteMany({ where: { id: corpusId, pairs: { none: {} } } });
}

/** Who started a run (null: the command line, or a deleted account); null when there is no such run. */
export async function getMiningRunCreator(db: Db, id: number): Promise<{ createdById: number | null } | null> {
  return db.miningRun.findUnique({ where: { id }, select: { createdById: true } });
}
