/**
 * Dismissing a job that ended without success (failed or cancelled): it leaves the job lists of the
 * corpus page and the exports page and stays in the database (and in the audit log). Scoring jobs
 * belong to their corpus, open to the corpora area; an import is its uploader's or an admin's to
 * dismiss (lib/access/ownership.ts); an export is its creator's alone. Each is a conditional update
 * whose count says whether it happened.
 */
import type { Db } from '../client';
import { isCreatorOrAdmin } from '@/lib/access/ownership';
import type { RoleName } from '@/lib/access/roles';

export const DISMISSABLE_JOB_KINDS = ['import', 'scoring', 'export'] as const;
export type DismissableJobKind = (typeof DISMISSABLE_JOB_KINDS)[number];

export type DismissOutcome =
  { ok: true; corpusId: number | null } | { ok: false; reason: 'not-found' | 'not-ended' | 'not-yours' };

const ended = { in: ['FAILED' as const, 'CANCELLED' as const] };

/** Dismisses the job; `actor` must be an export's creator, or an import's creator or an admin. */
export async function dismissJob(
  db: Db,
  kind: DismissableJobKind,
  id: number,
  actor: { id: number; role: RoleName },
): Promise<DismissOutcome> {
  const now = new Date();
  const userId = actor.id;
  const select = { corpusId: true, status: true, dismissedAt: true, createdById: true } as const;
  const job =
    kind === 'import'
      ? await db.importJob.findUnique({ where: { id }, select })
      : kind === 'scoring'
        ? await db.scoringJob.findUnique({ where: { id }, select })
        : await db.exportJob.findFirst({ where: { id, createdById: userId }, select });
  if (!job || job.dismissedAt) return { ok: false, reason: 'not-found' };
  if (kind === 'import' && !isCreatorOrAdmin(actor, job.createdById)) return { ok: false, reason: 'not-yours' };
  const where = { id, status: ended, dismissedAt: null };
  const { count } =
    kind === 'import'
      ? await db.importJob.updateMany({ where, data: { dismissedAt: now } })
      : kind === 'scoring'
        ? await db.scoringJob.updateMany({ where, data: { dismissedAt: now } })
        : await db.exportJob.updateMany({ where: { ...where, createdById: userId }, data: { dismissedAt: now } });
  return count === 1 ? { ok: true, corpusId: job.corpusId } : { ok: false, reason: 'not-ended' };
}
