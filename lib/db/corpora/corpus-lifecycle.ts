/**
 * Tidying corpora: archive and restore (hidden from lists and pickers, still reachable by URL, in
 * exports and dashboards), and delete with everything in it. A deletion is one transaction: it
 * locks the corpus, is refused while a campaign uses it or a job of it runs, and deletes the row
 * (the schema cascades to texts, pairs, jobs, exports, user measures and the summary) and its
 * explorer indexes together. It returns the files its jobs kept (exports, uploads, rejects) for
 * the caller to remove after the commit; start-up removes any file no row names, should that fail.
 */
import { AppError } from '@/lib/errors/app-error';
import { isLockTimeout } from '@/lib/errors/failure-causes';
import type { Db } from '../client';
import { explorerIndexNames } from '../pairs/explore-indexes';
import { corpusDeletionBlocker, type CorpusDeletionCounts } from '@/lib/tidy/tidy-rules';

export interface Owned {
  id: number;
  name: string;
  slug: string;
  createdById: number | null;
  archivedAt: Date | null;
}

export function findCorpusForTidy(db: Db, slug: string): Promise<Owned | null> {
  return db.corpus.findUnique({
    where: { slug },
    select: { id: true, name: true, slug: true, createdById: true, archivedAt: true },
  });
}

/** Archives (or restores) the corpus; false when it already was in that state. */
export async function setCorpusArchived(db: Db, id: number, archived: boolean): Promise<boolean> {
  const { count } = await db.corpus.updateMany({
    where: { id, archivedAt: archived ? null : { not: null } },
    data: { archivedAt: archived ? new Date() : null },
  });
  return count === 1;
}

export type CorpusDeletionSummary = CorpusDeletionCounts;

const BUSY =
  'An import, scoring or export of this corpus is writing to it now; cancel it or let it finish, then delete the corpus.';

/**
 * What a deletion of the corpus would remove (pairs and texts from its summary, the rest counted),
 * and what stands in its way.
 */
export async function describeCorpusDeletion(db: Pick<Db, '$queryRaw'>, id: number): Promise<CorpusDeletionSummary> {
  const [row] = await db.$queryRaw<Array<Omit<CorpusDeletionSummary, 'campaigns'>>>`
    SELECT COALESCE((SELECT "pairs" FROM "CorpusSummary" WHERE "corpusId" = ${id}), 0)::int AS "pairs",
           COALESCE((SELECT "texts" FROM "CorpusSummary" WHERE "corpusId" = ${id}), 0)::int AS "texts",
           (SELECT count(*) FROM "ImportJob" WHERE "corpusId" = ${id})::int AS "importJobs",
           (SELECT count(*) FROM "ScoringJob" WHERE "corpusId" = ${id})::int AS "scoringJobs",
           (SELECT count(*) FROM "ExportJob" WHERE "corpusId" = ${id})::int AS "exports",
           (SELECT count(*) FROM "CorpusMeasure" WHERE "corpusId" = ${id})::int AS "userMeasures",
           ((SELECT count(*) FROM "ImportJob" WHERE "corpusId" = ${id} AND "status" = 'RUNNING')
            + (SELECT count(*) FROM "ImportJob" WHERE "corpusId" = ${id} AND "status" = 'QUEUED' AND "confirmedAt" IS NOT NULL)
            + (SELECT count(*) FROM "ScoringJob" WHERE "corpusId" = ${id} AND "status" IN ('QUEUED', 'RUNNING'))
            + (SELECT count(*) FROM "IndexJob" WHERE "corpusId" = ${id} AND "status" = 'RUNNING')
            + (SELECT count(*) FROM "ExportJob" WHERE "corpusId" = ${id} AND "status" IN ('QUEUED', 'RUNNING')))::int AS "activeJobs"`;
  const campaigns = await db.$queryRaw<Array<{ slug: string; name: string }>>`
    SELECT c."slug", c."name" FROM "CampaignCorpus" cc JOIN "Campaign" c ON c."id" = cc."campaignId" WHERE cc."corpusId" = ${id} ORDER BY c."name"`;
  return { ...row!, campaigns };
}

/**
 * Deletes the corpus with everything in it, in one transaction, or refuses (CONFLICT) with the
 * reason. Returns what was deleted and the files to remove once committed.
 */
export async function deleteCorpusCompletely(db: Db, id: number): Promise<{ deleted: CorpusDeletionSummary; files: string[] }> {
  // A job writing into the corpus holds a lock on its row until it commits. Waiting for that lock
  // would delete what the job wrote the moment it ended (its row no longer running): look first, and
  // give up on the lock after a few seconds, refusing with the same reason.
  const before = corpusDeletionBlocker(await describeCorpusDeletion(db, id));
  if (before) throw new AppError('CONFLICT', before);
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SET LOCAL lock_timeout = '3s'`;
      const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT "id" FROM "Corpus" WHERE "id" = ${id} FOR UPDATE`.catch(
        (error: unknown) => {
          throw isLockTimeout(error) ? new AppError('CONFLICT', BUSY) : error;
        },
      );
      if (locked.length === 0) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
      const summary = await describeCorpusDeletion(tx, id);
      const blocker = corpusDeletionBlocker(summary);
      if (blocker) throw new AppError('CONFLICT', blocker);
      const files = await tx.$queryRaw<Array<{ path: string }>>`
        SELECT "filePath" AS "path" FROM "ExportJob" WHERE "corpusId" = ${id} AND "filePath" IS NOT NULL
        UNION ALL SELECT "sourcePath" FROM "ImportJob" WHERE "corpusId" = ${id} AND "sourcePath" IS NOT NULL
        UNION ALL SELECT "rejectsPath" FROM "ImportJob" WHERE "corpusId" = ${id} AND "rejectsPath" IS NOT NULL`;
      const indexes = await explorerIndexNames(tx, id);
      await tx.corpus.delete({ where: { id } });
      for (const name of indexes) await tx.$executeRawUnsafe(`DROP INDEX IF EXISTS "${name}"`);
      return { deleted: summary, files: files.map((f) => f.path) };
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
}
