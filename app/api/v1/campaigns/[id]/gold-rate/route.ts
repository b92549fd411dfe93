/** PUT /api/v1/campaigns/{id}/gold-rate: one gold pair in every `goldEvery` handed out (0: none). Audited. */
import { setGoldEveryContract } from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { setGoldRate } from '@/lib/services/campaigns/control-campaign';

export const PUT = apiRoute(setGoldEveryContract, async ({ params, body, user }) => ({
  status: 200,
  body: await setGoldRate(user, params.id, body.goldEvery),
}));
