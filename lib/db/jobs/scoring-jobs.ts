/**
 * Scoring jobs (ScoringJob rows), one function per transition:
 *   createScoringJob (command line: running at once) | queueScoringJob (web, follow-up after an
 *   import: waiting) → claimNextQueuedScoring (running, in a job process) → recordScoringProgress
 *   (resume point; tells a cancel) → finishScoringJob (succeeded, failed, cancelled).
 *   Outside the happy path: requestScoringCancel, takeOverInterruptedScoring (the command line
 *   continues a job whose owner is gone), requeueInterruptedScoring (its owner is gone: the
 *   supervisor continues it), failScoringIfUnfinished (a job process died).
 * A running job records its owner, the process running it (docs/decisions/008).
 * Scores are written batch by batch (lib/db/jobs/scoring-writes.ts), so an interrupted job keeps what it
 * wrote and its successor continues after lastPairId.
 */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';
import type { Query } from '../corpora/corpus-summary';
import { liveOwner } from './job-owners';
import { claimNextQueued } from './claim';
import { endInterruptedJobs, failJobIfUnfinished, requestJobCancel } from './job-rows';

export interface ScoringJobView {
  id: number;
  corpusId: number;
  measures: string[];
  status: JobStatus;
  pairsTotal: number;
  pairsDone: number;
  textsEmbedded: number;
  lastPairId: number;
  cancelRequested: boolean;
  skipped: Array<{ measure: string; message: string }>;
  message: string | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdBy: string | null;
}

const select = {
  id: true,
  corpusId: true,
  measures: true,
  status: true,
  pairsTotal: true,
  pairsDone: true,
  textsEmbedded: true,
  lastPairId: true,
  cancelRequested: true,
  skipped: true,
  message: true,
  createdAt: true,
  updatedAt: true,
  startedAt: true,
  finishedAt: true,
  createdBy: { select: { email: true } },
} as const;

function toView(
  row: Omit<ScoringJobView, 'skipped' | 'createdBy'> & { skipped: unknown; createdBy: { email: string } | null },
): ScoringJobView {
  return {
    ...row,
    skipped: Array.isArray(row.skipped) ? (row.skipped as ScoringJobView['skipped']) : [],
    createdBy: row.createdBy?.email ?? null,
  };
}

/** A job the command line runs itself: running from the start, owned by the command's process. */
export async function createScoringJob(
  db: Db,
  data: { corpusId: number; createdById: number | null; measures: string[]; ownerId: string },
): Promise<ScoringJobView> {
  return toView(await db.scoringJob.create({ data: { ...data, status: 'RUNNING', startedAt: new Date() }, select }));
}

/**
 * What a queued scoring job is asked to do. `filesFolderId`: the files folder whose installed models
 * it scores with (the queuing instance's, lib/runtime/files-folder-status.ts `usableFilesFolderId`):
 * only an instance with that folder claims it; null or absent, any instance.
 */
export interface ScoringJobRequest {
  corpusId: number;
  createdById: number | null;
  measures: string[];
  filesFolderId?: string | null;
}

/**
 * A job for the job supervisor, inside the caller's transaction (an import queues its follow-up in
 * its own transaction, so the job and the pairs become visible together). When a job for the corpus
 * is already waiting, its measures are widened instead (one queue entry per corpus); returns the job's id.
 */
export async function queueScoringJobWith(query: Query, data: ScoringJobRequest): Promise<number> {
  await query('SELECT 1 AS "locked" FROM pg_advisory_xact_lock(7303, $1)', [data.corpusId]);
  const [waiting] = await query(
    `SELECT "id", "measures" FROM "ScoringJob" WHERE "corpusId" = $1 AND "status" = 'QUEUED' ORDER BY "id" LIMIT 1`,
    [data.corpusId],
  );
  if (waiting) {
    const measures = [...new Set([...(waiting.measures as string[]), ...data.measures])];
    await query('UPDATE "ScoringJob" SET "measures" = $2::text[], "updatedAt" = now() WHERE "id" = $1', [waiting.id, measures]);
    return Number(waiting.id);
  }
  const [created] = await query(
    `INSERT INTO "ScoringJob" ("corpusId", "createdById", "measures", "filesFolderId", "status", "updatedAt")
     VALUES ($1, $2, $3::text[], $4, 'QUEUED', now()) RETURNING "id"`,
    [data.corpusId, data.createdById, data.measures, data.filesFolderId ?? null],
  );
  return Number(created!.id);
}

/** queueScoringJobWith in a transaction of its own. */
export function queueScoringJob(db: Db, data: ScoringJobRequest): Promise<number> {
  return db.$transaction((tx) =>
    queueScoringJobWith((sql, params) => tx.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, ...params), data),
  );
}

/** Takes the oldest waiting job and marks it running (SKIP LOCKED: several servers never run one job twice). */
export function claimNextQueuedScoring(db: Db, ownerId: string, filesFolderId?: string): Promise<{ id: number } | null> {
  return claimNextQueued(
    db,
    { table: 'ScoringJob', set: '"startedAt" = COALESCE("startedAt", now())', oneRunning: { column: 'corpusId' } },
    ownerId,
    filesFolderId,
  );
}

/** Takes this waiting job (the command line runs an import's follow-up itself); false when it is not waiting. */
export async function claimScoringJob(db: Db, id: number, ownerId: string): Promise<boolean> {
  const { count } = await db.scoringJob.updateMany({
    where: { id, status: 'QUEUED' },
    data: { status: 'RUNNING', ownerId, startedAt: new Date() },
  });
  return count === 1;
}

/** A job running for the corpus whose owner lives (another process is at work; the caller prunes gone owners first). */
export async function findActiveScoring(db: Db, corpusId: number): Promise<ScoringJobView | null> {
  const rows = await db.$queryRawUnsafe<Array<{ id: number }>>(
    `SELECT j."id" FROM "ScoringJob" j WHERE j."corpusId" = $1 AND j."status" = 'RUNNING' AND ${liveOwner} LIMIT 1`,
    corpusId,
  );
  return rows[0] ? getScoringJob(db, rows[0].id) : null;
}

/**
 * The command line continues a job of the corpus whose owner is gone (the caller prunes gone
 * owners first): it becomes this process's job (`ownerId`), with its counters and resume point, for `measures`.
 */
export async function takeOverInterruptedScoring(
  db: Db,
  corpusId: number,
  measures: string[],
  ownerId: string,
): Promise<ScoringJobView | null> {
  const rows = await db.$queryRawUnsafe<Array<{ id: number }>>(
    `UPDATE "ScoringJob" SET "updatedAt" = now(), "cancelRequested" = false, "measures" = $2::text[], "ownerId" = $3
     WHERE "id" = (SELECT j."id" FROM "ScoringJob" j WHERE j."corpusId" = $1 AND j."status" = 'RUNNING' AND NOT ${liveOwner}
                   ORDER BY j."id" DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING "id"`,
    corpusId,
    measures,
    ownerId,
  );
  return rows[0] ? getScoringJob(db, rows[0].id) : null;
}

/** Jobs whose owner is gone go back to the queue, to continue where they stopped (the caller prunes gone owners first). */
export async function requeueInterruptedScoring(db: Db): Promise<number> {
  return (await endInterruptedJobs(db, 'ScoringJob', { to: 'QUEUED', message: 'Interrupted; continues where it stopped.' }))
    .length;
}

/** Records the pairs total (at the start or a resumption) and measures left out. */
export async function startScoringJob(
  db: Db,
  id: number,
  facts: { pairsTotal: number; skipped: Array<{ measure: string; message: string }> },
): Promise<void> {
  await db.scoringJob.update({ where: { id }, data: { pairsTotal: facts.pairsTotal, skipped: facts.skipped, message: null } });
}

/**
 * Progress and resume point; answers whether a cancel was asked for meanwhile (or the job was taken
 * from this process: then it stops too).
 */
export async function recordScoringProgress(
  db: Db,
  id: number,
  progress: { pairsDone: number; textsEmbedded: number; lastPairId: number },
): Promise<{ cancelRequested: boolean }> {
  const row = await db.scoringJob.update({ where: { id }, data: progress, select: { cancelRequested: true, status: true } });
  return { cancelRequested: row.cancelRequested || row.status !== 'RUNNING' };
}

export async function finishScoringJob(
  db: Db,
  id: number,
  outcome: { status: Extract<JobStatus, 'SUCCEEDED' | 'FAILED' | 'CANCELLED'>; message: string },
): Promise<void> {
  await db.scoringJob.update({
    where: { id },
    data: { status: outcome.status, message: outcome.message, finishedAt: new Date() },
  });
}

/**
 * A waiting job ends at once, and so does a running one whose owner is gone (the caller prunes gone
 * owners first); a running one whose process lives stops after its current batch (what it wrote stays).
 */
export async function requestScoringCancel(db: Db, id: number): Promise<'cancelled' | 'requested' | 'ended'> {
  const { step } = await requestJobCancel(db, 'ScoringJob', id, {
    waiting: { message: `'Cancelled before it started.'` },
    orphaned: { message: `'Cancelled: the process running it had stopped. The scores written so far are kept.'` },
    flag: '"cancelRequested" = true',
  });
  return step === 'waiting' || step === 'orphaned' ? 'cancelled' : step === 'requested' ? 'requested' : 'ended';
}

/** A job process ended without recording an outcome (`asWritten`: `why` is the job's own whole message). */
export function failScoringIfUnfinished(db: Db, id: number, why: string, o: { asWritten?: boolean } = {}): Promise<boolean> {
  const message = o.asWritten ? why : `${why}. The scores written so far are kept; a new scoring job continues after them.`;
  return failJobIfUnfinished(db, 'ScoringJob', id, message);
}

export async function getScoringJob(db: Db, id: number): Promise<ScoringJobView | null> {
  const row = await db.scoringJob.findUnique({ where: { id }, select });
  return row ? toView(row) : null;
}

export async function listScoringJobs(db: Db, corpusId: number, limit = 10): Promise<ScoringJobView[]> {
  return (
    await db.scoringJob.findMany({ where: { corpusId, dismissedAt: null }, orderBy: { id: 'desc' }, take: limit, select })
  ).map(toView);
}
