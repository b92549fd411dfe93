/** POST /api/v1/corpora/{slug}/scoring-jobs: score the corpus's pairs with semantic measures in a background job. Audited. */
import { startScoringContract } from '@/lib/api/contracts/scoring';
import { apiRoute } from '@/lib/http/api-route';
import { startScoring } from '@/lib/services/scoring/queue-scoring';

export const POST = apiRoute(startScoringContract, async ({ params, body, user }) => ({
  status: 202,
  body: await startScoring(user, params.slug, body.measures),
}));
