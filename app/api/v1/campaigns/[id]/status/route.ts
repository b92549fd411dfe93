/** POST /api/v1/campaigns/{id}/status: activate, pause, resume or close a campaign. Audited. */
import { changeCampaignStatusContract } from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { setCampaignStatus } from '@/lib/services/campaigns/control-campaign';

export const POST = apiRoute(changeCampaignStatusContract, async ({ params, body, user }) => ({
  status: 200,
  body: await setCampaignStatus(user, params.id, body.from, body.to),
}));
