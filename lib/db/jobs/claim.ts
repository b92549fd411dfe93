/**
 * The job supervisor's claim, shared by every job table that queues work: the oldest waiting row
 * becomes RUNNING under `ownerId`, in one statement. FOR UPDATE SKIP LOCKED passes over a row another
 * claim holds, so several servers on one database never run the same job.
 */
import type { Db } from '../client';
import type { JobTable } from './job-rows';

export interface JobClaim {
  table: JobTable;
  /** what else the claim writes, as SQL assignments (`"startedAt" = now()`) */
  set: string;
  /** a waiting row waits while a row of the table runs: any row (`'any'`), or one with the same value of `column` */
  oneRunning?: 'any' | { column: string };
  /** a further condition on the waiting row `j` */
  where?: string;
}

/**
 * `filesFolderId`, for a job whose files are in a files folder (lib/runtime/files-folder.ts): only a
 * row of that folder (or of none) is taken.
 */
export async function claimNextQueued(
  db: Db,
  claim: JobClaim,
  ownerId: string,
  filesFolderId?: string,
): Promise<{ id: number } | null> {
  const running = (same: string) => `AND NOT EXISTS (SELECT 1 FROM "${claim.table}" r WHERE ${same}r."status" = 'RUNNING')`;
  const busy =
    claim.oneRunning === undefined
      ? ''
      : running(claim.oneRunning === 'any' ? '' : `r."${claim.oneRunning.column}" = j."${claim.oneRunning.column}" AND `);
  const rows = await db.$queryRawUnsafe<Array<{ id: number }>>(
    `UPDATE "${claim.table}" SET "status" = 'RUNNING', "ownerId" = $1, ${claim.set}, "updatedAt" = now()
     WHERE "id" = (
       SELECT "id" FROM "${claim.table}" j WHERE "status" = 'QUEUED' ${busy} ${claim.where ?? ''} ${filesFolderId === undefined ? '' : `AND (j."filesFolderId" IS NULL OR j."filesFolderId" = $2)`}
       ORDER BY "id" FOR UPDATE SKIP LOCKED LIMIT 1)
     RETURNING "id"`,
    ownerId,
    ...(filesFolderId === undefined ? [] : [filesFolderId]),
  );
  return rows[0] ?? null;
}
