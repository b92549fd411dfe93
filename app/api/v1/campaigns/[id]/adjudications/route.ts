/**
 * POST /api/v1/campaigns/{id}/adjudications: the final answers of a pair (researchers, admins,
 * adjudicator members). Audited, the decision in words (lib/services/annotation/adjudicate-pair.ts).
 */
import { adjudicateContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { adjudicatePair } from '@/lib/services/annotation/adjudicate-pair';

export const POST = apiRoute(adjudicateContract, async ({ params, body, user }) => {
  const { created, ...adjudication } = await adjudicatePair(database(), user, params.id, body);
  return { status: created ? 201 : 200, body: adjudication };
});
