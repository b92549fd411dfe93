/**
 * DELETE /api/v1/corpora/{slug}/measures/{name}: a user measure and its values, by its creator or an
 * admin (lib/access/ownership.ts; another researcher: 403), audited.
 */
import { deleteUserMeasureContract } from '@/lib/api/contracts/user-measures';
import { apiRoute } from '@/lib/http/api-route';
import { requireCorpus } from '@/lib/services/dashboards/load-corpus-dashboard';
import { AppError } from '@/lib/errors/app-error';
import { recordAudit } from '@/lib/db/accounts/audit';
import { database } from '@/lib/db/database';
import { deleteUserMeasure, getUserMeasureCreator, notYoursMessage } from '@/lib/db/corpora/user-measures';
import { isCreatorOrAdmin } from '@/lib/access/ownership';

export const DELETE = apiRoute(deleteUserMeasureContract, async ({ params, user }) => {
  const corpus = await requireCorpus(params.slug);
  const measure = await getUserMeasureCreator(database(), corpus.id, params.name);
  if (!measure) throw new AppError('NOT_FOUND', `The corpus has no measure "${params.name}".`);
  if (!isCreatorOrAdmin(user, measure.createdById)) {
    const message = notYoursMessage(params.name);
    throw new AppError('FORBIDDEN', `${message[0]!.toUpperCase()}${message.slice(1)}.`);
  }
  const deleted = await deleteUserMeasure(database(), corpus.id, params.name);
  if (!deleted) throw new AppError('NOT_FOUND', `The corpus has no measure "${params.name}".`);
  await recordAudit(database(), {
    actorId: user.id,
    action: 'measures.delete',
    targetType: 'corpus',
    targetId: corpus.slug,
    details: { measure: params.name, values: deleted.values },
  });
  return { status: 204 };
});
