/** POST /api/v1/campaigns/{id}/skip: give the held pair back without answering. */
import { skipPair } from '@/lib/api/contracts/holds';
import { apiRoute } from '@/lib/http/api-route';
import { skipPair as skipHeldPair } from '@/lib/db/assignments';
import { getSqlPool } from '@/lib/db/sql-pool';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const POST = apiRoute(skipPair, async ({ params, body, user }) => {
  await skipHeldPair(getSqlPool(), parseCampaignRef(params.id), user.id, body.pairId);
  return { status: 204 };
});
