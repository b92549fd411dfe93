/**
 * Setting a corpus's language (`PUT /api/v1/corpora/{slug}/language`), as the user knows it better
 * than the detector. Audited as the user.
 */
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { getCorpusBySlug, setCorpusLanguage } from '@/lib/db/corpora/corpora';
import { AppError } from '@/lib/errors/app-error';

export async function changeCorpusLanguage(db: Db, user: { id: number }, slug: string, language: string): Promise<void> {
  const corpus = await getCorpusBySlug(db, slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
  await setCorpusLanguage(db, corpus.id, language);
  await recordAudit(db, {
    actorId: user.id,
    action: 'corpus.language',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { language },
  });
}
