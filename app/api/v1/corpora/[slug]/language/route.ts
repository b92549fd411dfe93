/**
 * PUT /api/v1/corpora/{slug}/language: the corpus language, as the user knows it better than the detector.
 * Audited (lib/services/corpora/change-corpus-language.ts).
 */
import { setCorpusLanguageContract } from '@/lib/api/contracts/corpora';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { changeCorpusLanguage } from '@/lib/services/corpora/change-corpus-language';

export const PUT = apiRoute(setCorpusLanguageContract, async ({ params, body: { language }, user }) => {
  await changeCorpusLanguage(database(), user, params.slug, language);
  return { status: 200, body: { language } };
});
