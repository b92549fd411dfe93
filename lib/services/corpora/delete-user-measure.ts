/**
 * Deleting a user measure and its values (`DELETE /api/v1/corpora/{slug}/measures/{name}`), by its
 * creator or an admin (lib/access/ownership.ts; another researcher: 403). Audited as the user.
 */
import { isCreatorOrAdmin } from '@/lib/access/ownership';
import type { RoleName } from '@/lib/access/roles';
import { recordAudit } from '@/lib/db/accounts/audit';
import { deleteUserMeasure, getUserMeasureCreator, notYoursMessage } from '@/lib/db/corpora/user-measures';
import type { Database } from '@/lib/db/database';
import { AppError } from '@/lib/errors/app-error';
import { requireCorpus } from '../dashboards/load-corpus-dashboard';
import { asSentence } from '@/lib/errors/as-sentence';

export async function removeUserMeasure(
  db: Database,
  user: { id: number; role: RoleName },
  slug: string,
  name: string,
): Promise<void> {
  const corpus = await requireCorpus(slug);
  const measure = await getUserMeasureCreator(db, corpus.id, name);
  if (!measure) throw new AppError('NOT_FOUND', `The corpus has no measure "${name}".`);
  if (!isCreatorOrAdmin(user, measure.createdById)) throw new AppError('FORBIDDEN', asSentence(notYoursMessage(name)));
  const deleted = await deleteUserMeasure(db, corpus.id, name);
  if (!deleted) throw new AppError('NOT_FOUND', `The corpus has no measure "${name}".`);
  await recordAudit(db, {
    actorId: user.id,
    action: 'measures.delete',
    targetType: 'corpus',
    targetId: corpus.slug,
    details: { measure: name, values: deleted.values },
  });
}
