/** POST /api/v1/campaigns/{id}/redraw: the sample drawn again, as it was drawn, into a new draft. Audited. */
import { redrawCampaignContract } from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { redraw } from '@/lib/services/campaigns/control-campaign';

export const POST = apiRoute(redrawCampaignContract, async ({ params, user }) => ({
  status: 201,
  body: await redraw(user, params.id),
}));
