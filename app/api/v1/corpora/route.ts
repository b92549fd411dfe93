/** GET /api/v1/corpora: every corpus with counts, tier, licence and attribution (researchers and admins). */
import { listCorpora } from '@/lib/api/contracts/corpora';
import { apiRoute } from '@/lib/http/api-route';
import { getDb } from '@/lib/db/client';
import { listCorporaForApi } from '@/lib/db/corpora/corpora';

export const GET = apiRoute(listCorpora, async ({ query }) => ({
  status: 200,
  body: { corpora: await listCorporaForApi(getDb(), query.archived === 'include') },
}));
