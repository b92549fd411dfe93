/**
 * GET /api/v1/corpora: every corpus with counts, tier, licence and attribution (researchers and admins).
 * POST: create an empty corpus (audited; lib/services/corpora/create-corpus.ts).
 */
import { createCorpusContract, listCorporaContract } from '@/lib/api/contracts/corpora';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { listCorporaForApi } from '@/lib/db/corpora/corpora';
import { createEmptyCorpus } from '@/lib/services/corpora/create-corpus';

export const GET = apiRoute(listCorporaContract, async ({ query }) => ({
  status: 200,
  body: { corpora: await listCorporaForApi(database(), query.archived === 'include') },
}));

export const POST = apiRoute(createCorpusContract, async ({ body, user }) => ({
  status: 201,
  body: await createEmptyCorpus(database(), user, body),
}));
