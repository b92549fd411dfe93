/**
 * Scoring jobs (ScoringJob rows), one function per transition:
 *   createScoringJob (command line: running at once) | queueScoringJob (web, follow-up after an
 *   import: waiting) → claimNextQueuedScoring (running, in a job process) → recordScoringProgress
 *   (heartbeat, resume point; tells a cancel) → finishScoringJob (succeeded, failed, cancelled).
 *   Outside the happy path: requestScoringCancel, takeOverInterruptedScoring (the command line
 *   continues a job whose process stopped), requeueInterruptedScoring (start-up: the supervisor
 *   continues it), failScoringIfUnfinished (a job process died).
 * Scores are written batch by batch (lib/db/scoring-writes.ts), so an interrupted job keeps what it
 * wrote and its successor continues after lastPairId.
 */
import type { Db } from './client';
import type { JobStatus } from './generated/enums';
import type { Query } from './corpus-summary';

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

function toView(row: Omit<ScoringJobView, 'skipped' | 'createdBy'> & { skipped: unknown; createdBy: { email: string } | null }): ScoringJobView {
  return { ...row, skipped: Array.isArray(row.skipped) ? (row.skipped as ScoringJobView['skipped']) : [], createdBy: row.createdBy?.email ?? null };
}

/** A job the command line runs itself: running from the start. */
export async function createScoringJob(db: Db, data: { corpusId: number; createdById: number | null; measures: string[] }): Promise<ScoringJobView> {
  return toView(await db.scoringJob.create({ data: { ...data, status: 'RUNNING', startedAt: new Date() }, select }));
}

/**
 * A job for the job supervisor, inside the caller's transaction (an import queues its follow-up in
 * its own transaction, so the job and the pairs become visible together). When a job for the corpus
 * is already waiting, its measures are widened instead (one queue entry per corpus); returns the job's id.
 */
export async function queueScoringJobWith(query: Query, data: { corpusId: number; createdById: number | null; measures: string[] }): Promise<number> {
  await query('SELECT 1 AS "locked" FROM pg_advisory_xact_lock(7303, $1)', [data.corpusId]);
  const [waiting] = await query(`SELECT "id", "measures" FROM "ScoringJob" WHERE "corpusId" = $1 AND "status" = 'QUEUED' ORDER BY "id" LIMIT 1`, [data.corpusId]);
  if (waiting) {
    const measures = [...new Set([...(waiting.measures as string[]), ...data.measures])];
    await query('UPDATE "ScoringJob" SET "measures" = $2::text[], "updatedAt" = now() WHERE "id" = $1', [waiting.id, measures]);
    return Number(waiting.id);
  }
  const [created] = await query(
    `INSERT INTO "ScoringJob" ("corpusId", "createdById", "measures", "status", "updatedAt") VALUES ($1, $2, $3::text[], 'QUEUED', now()) RETURNING "id"`,
    [data.corpusId, data.createdById, data.measures],
  );
  return Number(created!.id);
}

/** queueScoringJobWith in a transaction of its own. */
export function queueScoringJob(db: Db, data: { corpusId: number; createdById: number | null; measures: string[] }): Promise<number> {
  return db.$transaction((tx) => queueScoringJobWith((sql, params) => tx.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, ...params), data));
}

/** Takes the oldest waiting job and marks it running (SKIP LOCKED: several servers never run one job twice). */
export async function claimNextQueuedScoring(db: Db): Promise<{ id: number } | null> {
  const rows = await db.$queryRaw<Array<{ id: number }>>`
    UPDATE "ScoringJob" SET "status" = 'RUNNING', "startedAt" = COALESCE("startedAt", now()), "updatedAt" = now()
    WHERE "id" = (
      SELECT "id" FROM "ScoringJob" j WHERE "status" = 'QUEUED'
        AND NOT EXISTS (SELECT 1 FROM "ScoringJob" r WHERE r."corpusId" = j."corpusId" AND r."status" = 'RUNNING')
      ORDER BY "id" FOR UPDATE SKIP LOCKED LIMIT 1)
    RETURNING "id"`;
  return rows[0] ?? null;
}

/** Takes this waiting job (the command line runs an import's follow-up itself); false when it is not waiting. */
export async function claimScoringJob(db: Db, id: number): Promise<boolean> {
  const { count } = await db.scoringJob.updateMany({ where: { id, status: 'QUEUED' }, data: { status: 'RUNNING', startedAt: new Date() } });
  return count === 1;
}

/** A job running for the corpus whose heartbeat is younger than `staleMs` (another process is at work). */
export async function findActiveScoring(db: Db, corpusId: number, staleMs = 60_000): Promise<ScoringJobView | null> {
  const row = await db.scoringJob.findFirst({ where: { corpusId, status: 'RUNNING', updatedAt: { gte: new Date(Date.now() - staleMs) } }, select });
  return row ? toView(row) : null;
}

/**
 * The command line continues a job of the corpus whose process stopped (running, no heartbeat for
 * `staleMs`): it becomes this process's job, with its counters and resume point, for `measures`.
 */
export async function takeOverInterruptedScoring(db: Db, corpusId: number, measures: string[], staleMs = 60_000): Promise<ScoringJobView | null> {
  const rows = await db.$queryRaw<Array<{ id: number }>>`
    UPDATE "ScoringJob" SET "updatedAt" = now(), "cancelRequested" = false, "measures" = ${measures}::text[]
    WHERE "id" = (SELECT "id" FROM "ScoringJob" WHERE "corpusId" = ${corpusId} AND "status" = 'RUNNING'
                  AND "updatedAt" < ${new Date(Date.now() - staleMs)} ORDER BY "id" DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  return rows[0] ? getScoringJob(db, rows[0].id) : null;
}

/** At start-up: jobs a stopped process left running go back to the queue, to continue where they stopped. */
export async function requeueInterruptedScoring(db: Db, staleMs = 60_000): Promise<number> {
  return db.$executeRaw`
    UPDATE "ScoringJob" SET "status" = 'QUEUED', "message" = 'Interrupted; continues where it stopped.'
    WHERE "status" = 'RUNNING' AND "updatedAt" < ${new Date(Date.now() - staleMs)}`;
}

/** Records the pairs total (at the start or a resumption) and measures left out. */
export async function startScoringJob(db: Db, id: number, facts: { pairsTotal: number; skipped: Array<{ measure: string; message: string }> }): Promise<void> {
  await db.scoringJob.update({ where: { id }, data: { pairsTotal: facts.pairsTotal, skipped: facts.skipped, message: null } });
}

/** Progress, heartbeat and resume point; answers whether a cancel was asked for meanwhile. */
export async function recordScoringProgress(db: Db, id: number, progress: { pairsDone: number; textsEmbedded: number; lastPairId: number }): Promise<{ cancelRequested: boolean }> {
  const row = await db.scoringJob.update({ where: { id }, data: progress, select: { cancelRequested: true } });
  return { cancelRequested: row.cancelRequested };
}

export async function finishScoringJob(db: Db, id: number, outcome: { status: Extract<JobStatus, 'SUCCEEDED' | 'FAILED' | 'CANCELLED'>; message: string }): Promise<void> {
  await db.scoringJob.update({ where: { id }, data: { status: outcome.status, message: outcome.message, finishedAt: new Date() } });
}

/** A waiting job ends at once; a running one stops after its current batch (what it wrote stays). */
export async function requestScoringCancel(db: Db, id: number): Promise<'cancelled' | 'requested' | 'ended'> {
  const waiting = await db.scoringJob.updateMany({ where: { id, status: 'QUEUED' }, data: { status: 'CANCELLED', finishedAt: new Date(), message: 'Cancelled before it started.' } });
  if (waiting.count === 1) return 'cancelled';
  const running = await db.scoringJob.updateMany({ where: { id, status: 'RUNNING' }, data: { cancelRequested: true } });
  return running.count === 1 ? 'requested' : 'ended';
}

/** A job process ended without recording an outcome. */
export async function failScoringIfUnfinished(db: Db, id: number, why: string): Promise<boolean> {
  const { count } = await db.scoringJob.updateMany({
    where: { id, status: { in: ['QUEUED', 'RUNNING'] } },
    data: { status: 'FAILED', finishedAt: new Date(), message: `${why}. The scores written so far are kept; a new scoring job continues after them.` },
  });
  return count === 1;
}

export async function getScoringJob(db: Db, id: number): Promise<ScoringJobView | null> {
  const row = await db.scoringJob.findUnique({ where: { id }, select });
  return row ? toView(row) : null;
}

export async function listScoringJobs(db: Db, corpusId: number, limit = 10): Promise<ScoringJobView[]> {
  return (await db.scoringJob.findMany({ where: { corpusId }, orderBy: { id: 'desc' }, take: limit, select })).map(toView);
}
