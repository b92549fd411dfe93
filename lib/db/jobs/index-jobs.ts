/**
 * Index jobs (IndexJob rows): the explorer indexes of one corpus (lib/db/pairs/explore-indexes.ts), built
 * after an import commits. queueIndexJobWith (in the import's own transaction, so job and pairs
 * appear together) → claimNextQueuedIndex (the job supervisor; waits while the corpus is being
 * scored, whose updates would otherwise maintain the new indexes row by row) → recordIndexProgress →
 * finishIndexJob. failIndexIfUnfinished when a job process died (a rerun drops invalid leftovers).
 */
import type { Db } from '../client';
import type { Query } from '../corpora/corpus-summary';
import { endInterruptedJobs, failJobIfUnfinished } from './job-rows';
import { claimNextQueued } from './claim';

export interface IndexJobView {
  id: number;
  corpusId: number;
  status: string;
  built: number;
  total: number;
  message: string | null;
  finishedAt: Date | null;
}

const select = { id: true, corpusId: true, status: true, built: true, total: true, message: true, finishedAt: true } as const;

/** One waiting job per corpus: a second import while one waits adds nothing. Returns the job's id. */
export async function queueIndexJobWith(query: Query, corpusId: number): Promise<number> {
  await query('SELECT 1 AS "locked" FROM pg_advisory_xact_lock(7304, $1)', [corpusId]);
  const [waiting] = await query(
    `SELECT "id" FROM "IndexJob" WHERE "corpusId" = $1 AND "status" = 'QUEUED' ORDER BY "id" LIMIT 1`,
    [corpusId],
  );
  if (waiting) return Number(waiting.id);
  const [created] = await query(
    `INSERT INTO "IndexJob" ("corpusId", "status", "updatedAt") VALUES ($1, 'QUEUED', now()) RETURNING "id"`,
    [corpusId],
  );
  return Number(created!.id);
}

export function queueIndexJob(db: Db, corpusId: number): Promise<number> {
  return db.$transaction((tx) =>
    queueIndexJobWith((sql, params) => tx.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, ...params), corpusId),
  );
}

/**
 * The oldest waiting job whose corpus is not being scored, while no other index job runs (their
 * builds would queue on the same table lock anyway).
 */
export function claimNextQueuedIndex(db: Db, ownerId: string): Promise<{ id: number } | null> {
  const scoring = `AND NOT EXISTS (SELECT 1 FROM "ScoringJob" s WHERE s."corpusId" = j."corpusId" AND s."status" IN ('QUEUED', 'RUNNING'))`;
  return claimNextQueued(db, { table: 'IndexJob', set: '"startedAt" = now()', oneRunning: 'any', where: scoring }, ownerId);
}

export async function recordIndexProgress(db: Db, id: number, built: number, total: number): Promise<void> {
  await db.indexJob.update({ where: { id }, data: { built, total } });
}

export async function finishIndexJob(
  db: Db,
  id: number,
  outcome: { status: 'SUCCEEDED' | 'FAILED'; message: string },
): Promise<void> {
  await db.indexJob.update({ where: { id }, data: { ...outcome, finishedAt: new Date() } });
}

export function failIndexIfUnfinished(db: Db, id: number, why: string): Promise<boolean> {
  const message = `${why}. Filtering still works without the indexes, only slower; the next import queues a new job.`;
  return failJobIfUnfinished(db, 'IndexJob', id, message);
}

/** Jobs whose owner is gone wait again (a rebuild skips the indexes already built; the caller prunes gone owners first). */
export async function requeueInterruptedIndexJobs(db: Db): Promise<number> {
  return (await endInterruptedJobs(db, 'IndexJob', { to: 'QUEUED', message: 'Interrupted; continues.' })).length;
}

export async function getIndexJob(db: Db, id: number): Promise<IndexJobView | null> {
  return db.indexJob.findUnique({ where: { id }, select });
}

export async function latestIndexJob(db: Db, corpusId: number): Promise<IndexJobView | null> {
  return db.indexJob.findFirst({ where: { corpusId }, orderBy: { id: 'desc' }, select });
}
