/** POST /api/v1/corpora/{slug}/complete-measures: one scoring job for exactly the measures the corpus lacks. Audited. */
import { completeMeasuresContract } from '@/lib/api/contracts/scoring';
import { apiRoute } from '@/lib/http/api-route';
import { completeMeasures } from '@/lib/services/scoring/queue-scoring';

export const POST = apiRoute(completeMeasuresContract, async ({ params, user }) => ({
  status: 202,
  body: await completeMeasures(user, params.slug),
}));
