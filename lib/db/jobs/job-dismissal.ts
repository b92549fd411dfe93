/**
 * Dismissing a job that ended without success (failed or cancelled): it leaves the job lists of the
 * corpus page and the exports page and stays in the database (and in the audit log). Import and
 * scoring jobs belong to their corpus, open to the corpora area; an export is its creator's alone.
 * Each is a conditional update whose count says whether it happened.
 */
import type { Db } from '../client';

export const DISMISSABLE_JOB_KINDS = ['import', 'scoring', 'export'] as const;
export type DismissableJobKind = (typeof DISMISSABLE_JOB_KINDS)[number];

export type DismissOutcome = { ok: true; corpusId: number | null } | { ok: false; reason: 'not-found' | 'not-ended' };

const ended = { in: ['FAILED' as const, 'CANCELLED' as const] };

/** Dismisses the job; `userId` must be an export's creator. */
export async function dismissJob(db: Db, kind: DismissableJobKind, id: number, userId: number): Promise<DismissOutcome> {
  const now = new Date();
  const job =
    kind === 'import'
      ? await db.importJob.findUnique({ where: { id }, select: { corpusId: true, status: true, dismissedAt: true } })
      : kind === 'scoring'
        ? await db.scoringJob.findUnique({ where: { id }, select: { corpusId: true, status: true, dismissedAt: true } })
        : await db.exportJob.findFirst({
            where: { id, createdById: userId },
            select: { corpusId: true, status: true, dismissedAt: true },
          });
  if (!job || job.dismissedAt) return { ok: false, reason: 'not-found' };
  const where = { id, status: ended, dismissedAt: null };
  const { count } =
    kind === 'import'
      ? await db.importJob.updateMany({ where, data: { dismissedAt: now } })
      : kind === 'scoring'
        ? await db.scoringJob.updateMany({ where, data: { dismissedAt: now } })
        : await db.exportJob.updateMany({ where: { ...where, createdById: userId }, data: { dismissedAt: now } });
  return count === 1 ? { ok: true, corpusId: job.corpusId } : { ok: false, reason: 'not-ended' };
}
