/** POST /api/v1/scoring-jobs/{id}/cancel: cancel a scoring job (a running one stops at its next batch). Audited. */
import { cancelScoringContract } from '@/lib/api/contracts/scoring';
import { apiRoute } from '@/lib/http/api-route';
import { cancelScoring } from '@/lib/services/scoring/queue-scoring';

export const POST = apiRoute(cancelScoringContract, async ({ params, user }) => ({
  status: 200,
  body: await cancelScoring(user, params.id),
}));
