/**
 * The one implementation of what every job table does alike (docs/decisions/017-one-job-module.md):
 * fail a job whose process ended without an outcome, end the jobs whose owner is gone, cancel, and
 * dismiss an ended job. Every job table has `id`, `status` (JobStatus), `message`, `ownerId`,
 * `updatedAt` and `finishedAt`; what differs per kind (its words, the columns it also resets) is
 * passed in as SQL assignments by the kind's own module (import-jobs.ts, scoring-jobs.ts, …), never
 * from a request. The claim is in claim.ts.
 */
import type { Db } from '../client';
import { liveOwner } from './job-owners';

/** The tables that hold jobs (prisma/schema.prisma). */
export type JobTable = 'ImportJob' | 'ScoringJob' | 'IndexJob' | 'ExportJob' | 'ModelInstallJob' | 'MiningRun' | 'ModelRun';

const unfinished = `('QUEUED', 'RUNNING')`;

/** Further SQL assignments after the ones every kind makes. */
const assignments = (set: string | undefined) => (set ? `, ${set}` : '');

/** RETURNING columns as they were before the update (a subquery sees the old row), after j."id". */
function readBefore(table: JobTable, columns: string | undefined): string {
  if (!columns) return '';
  const each = columns.split(',').map((c) => c.trim());
  return each.map((c) => `, (SELECT x.${c} FROM "${table}" x WHERE x."id" = j."id") AS ${c}`).join('');
}

/**
 * A job process ended without recording an outcome: the job (waiting or running; `onlyRunning`:
 * running only) is FAILED with `message`, plus `set` (SQL assignments, e.g. `"resumable" = true`).
 * Answers whether it was unfinished.
 */
export async function failJobIfUnfinished(
  db: Db,
  table: JobTable,
  id: number,
  message: string,
  o: { onlyRunning?: boolean; set?: string } = {},
): Promise<boolean> {
  const count = await db.$executeRawUnsafe(
    `UPDATE "${table}" SET "status" = 'FAILED', "message" = $2, "finishedAt" = now(), "updatedAt" = now()${assignments(o.set)}
     WHERE "id" = $1 AND "status" ${o.onlyRunning ? `= 'RUNNING'` : `IN ${unfinished}`}`,
    id,
    message,
  );
  return count === 1;
}

/**
 * Running jobs whose owner is gone (docs/decisions/008; the caller prunes gone owners first) are
 * failed, or queued again to continue where they stopped, with `message` and `set`. `returning`:
 * SQL of further columns to answer, read from the row before the update (`"sourcePath"`).
 */
export async function endInterruptedJobs<Row extends { id: number } = { id: number }>(
  db: Db,
  table: JobTable,
  how: { to: 'FAILED' | 'QUEUED'; message: string; set?: string; returning?: string },
): Promise<Row[]> {
  const ending = how.to === 'FAILED' ? `"status" = 'FAILED', "finishedAt" = now()` : `"status" = 'QUEUED', "ownerId" = NULL`;
  return db.$queryRawUnsafe<Row[]>(
    `UPDATE "${table}" j SET ${ending}, "updatedAt" = now(), "message" = $1${assignments(how.set)}
     WHERE j."status" = 'RUNNING' AND NOT ${liveOwner} RETURNING j."id"${readBefore(table, how.returning)}`,
    how.message,
  );
}

/** How a kind is cancelled (its words and columns); see requestJobCancel. */
export interface CancelRule {
  /** a waiting job ends at once: its message (SQL expression) and further assignments */
  waiting: { message: string; set?: string };
  /** a running job whose owner is gone ends at once (the caller prunes gone owners first); absent: it is asked like a live one */
  orphaned?: { message: string; set?: string };
  /** the assignment that asks a running job to stop at its next progress tick (`"cancelRequested" = true`) */
  flag: string;
  /** further columns to answer, read before the update (`"sourcePath"`) */
  returning?: string;
}

export type CancelStep = 'waiting' | 'orphaned' | 'requested' | 'ended' | 'not-found';

/**
 * Cancels a job: a waiting one (and one whose owner is gone, when the kind says so) ends CANCELLED
 * at once; a running one is asked to stop (`rule.flag`). `step` says which happened: 'ended' when
 * it had ended already, 'not-found' when there is no such job; `row` holds the `returning` columns.
 */
export async function requestJobCancel(
  db: Db,
  table: JobTable,
  id: number,
  rule: CancelRule,
): Promise<{ step: CancelStep; row: Record<string, unknown> | null }> {
  const returning = readBefore(table, rule.returning);
  const end = async (ending: { message: string; set?: string }, where: string) =>
    (
      await db.$queryRawUnsafe<Array<Record<string, unknown>>>(
        `UPDATE "${table}" j SET "status" = 'CANCELLED', "finishedAt" = now(), "updatedAt" = now(), "message" = ${ending.message}${assignments(ending.set)}
         WHERE j."id" = $1 AND ${where} RETURNING j."id"${returning}`,
        id,
      )
    )[0] ?? null;
  const waiting = await end(rule.waiting, `j."status" = 'QUEUED'`);
  if (waiting) return { step: 'waiting', row: waiting };
  if (rule.orphaned) {
    const orphaned = await end(rule.orphaned, `j."status" = 'RUNNING' AND NOT ${liveOwner}`);
    if (orphaned) return { step: 'orphaned', row: orphaned };
  }
  const asked = await db.$executeRawUnsafe(
    `UPDATE "${table}" SET ${rule.flag}, "updatedAt" = now() WHERE "id" = $1 AND "status" = 'RUNNING'`,
    id,
  );
  if (asked === 1) return { step: 'requested', row: null };
  const exists = await db.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM "${table}" WHERE "id" = $1`, id);
  return { step: exists.length === 1 ? 'ended' : 'not-found', row: null };
}

export type DismissOutcome =
  { ok: true; corpusId: number | null } | { ok: false; reason: 'not-found' | 'not-ended' | 'not-yours' };

/**
 * Dismisses a failed or cancelled job: it leaves the job lists and stays in the database (and the
 * audit log). The table needs `dismissedAt`, `corpusId` and `createdById`. `createdById`: only a job
 * this user created exists for them; `mayDismiss`: who else may (answered 'not-yours' otherwise).
 */
export async function dismissJobRow(
  db: Db,
  table: JobTable,
  id: number,
  o: { createdById?: number; mayDismiss?: (createdById: number | null) => boolean } = {},
): Promise<DismissOutcome> {
  const own = o.createdById === undefined ? '' : `AND "createdById" = $2`;
  const params = o.createdById === undefined ? [id] : [id, o.createdById];
  const [job] = await db.$queryRawUnsafe<Array<{ corpusId: number | null; createdById: number | null }>>(
    `SELECT "corpusId", "createdById" FROM "${table}" WHERE "id" = $1 AND "dismissedAt" IS NULL ${own}`,
    ...params,
  );
  if (!job) return { ok: false, reason: 'not-found' };
  if (o.mayDismiss && !o.mayDismiss(job.createdById)) return { ok: false, reason: 'not-yours' };
  const count = await db.$executeRawUnsafe(
    `UPDATE "${table}" SET "dismissedAt" = now(), "updatedAt" = now()
     WHERE "id" = $1 AND "status" IN ('FAILED', 'CANCELLED') AND "dismissedAt" IS NULL ${own}`,
    ...params,
  );
  return count === 1 ? { ok: true, corpusId: job.corpusId } : { ok: false, reason: 'not-ended' };
}
