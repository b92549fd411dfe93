/**
 * Dismiss a failed or cancelled job of any dismissable kind (POST /api/v1/jobs/{kind}/{id}/dismiss):
 * it leaves the job lists of the corpus page and the exports page and stays in the database (and in
 * the audit log). Who may is the kind's rule in the registry (lib/services/jobs/job-kinds.ts).
 */
import { isCreatorOrAdmin } from '@/lib/access/ownership';
import type { DismissableJobKind } from '@/lib/api/contracts/jobs';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { dismissJobRow } from '@/lib/db/jobs/job-rows';
import { AppError } from '@/lib/errors/app-error';
import { NOT_YOUR_IMPORT } from '@/lib/services/imports/start-import';
import { jobDismissal, jobKinds, type JobActor } from './job-kinds';

export async function dismissEndedJob(db: Db, actor: JobActor, kind: DismissableJobKind, id: number): Promise<void> {
  const rule = jobDismissal[kind];
  const outcome = await dismissJobRow(db, jobKinds[kind].table, id, {
    ...(rule === 'creator' ? { createdById: actor.id } : {}),
    ...(rule === 'creator-or-admin' ? { mayDismiss: (createdById: number | null) => isCreatorOrAdmin(actor, createdById) } : {}),
  });
  const { noun } = jobKinds[kind];
  if (!outcome.ok && outcome.reason === 'not-found') throw new AppError('NOT_FOUND', `That ${noun} job does not exist.`);
  if (!outcome.ok && outcome.reason === 'not-yours') throw new AppError('FORBIDDEN', NOT_YOUR_IMPORT);
  if (!outcome.ok)
    throw new AppError(
      'CONFLICT',
      `Only a failed or cancelled ${noun} job can be dismissed; this one is waiting, running or succeeded.`,
    );
  await recordAudit(db, {
    actorId: actor.id,
    action: `${kind}.dismiss`,
    targetType: kind,
    targetId: id,
    details: { corpusId: outcome.corpusId },
  });
}
