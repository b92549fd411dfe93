/** PUT /api/v1/corpora/{slug}/semantic-set: the measures of the corpus's semantic axis (sem and Δ recomputed). Audited. */
import { setSemMeasuresContract } from '@/lib/api/contracts/scoring';
import { apiRoute } from '@/lib/http/api-route';
import { setSemMeasures } from '@/lib/services/scoring/queue-scoring';

export const PUT = apiRoute(setSemMeasuresContract, async ({ params, body, user }) => ({
  status: 200,
  body: await setSemMeasures(user, params.slug, body.measures),
}));
