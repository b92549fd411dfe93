/** PUT /api/v1/corpora/{slug}/language: the corpus language, as the user knows it better than the detector. Audited. */
import { setCorpusLanguageContract } from '@/lib/api/contracts/corpora';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { recordAudit } from '@/lib/db/accounts/audit';
import { getCorpusBySlug, setCorpusLanguage } from '@/lib/db/corpora/corpora';
import { AppError } from '@/lib/errors/app-error';

export const PUT = apiRoute(setCorpusLanguageContract, async ({ params, body: { language }, user }) => {
  const db = database();
  const corpus = await getCorpusBySlug(db, params.slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
  await setCorpusLanguage(db, corpus.id, language);
  await recordAudit(db, {
    actorId: user.id,
    action: 'corpus.language',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { language },
  });
  return { status: 200, body: { language } };
});
