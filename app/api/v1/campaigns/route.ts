/** POST /api/v1/campaigns: create a campaign (researchers, admins). */
import { createCampaign } from '@/lib/api/contracts/campaigns';
import { apiRoute } from '@/lib/http/api-route';
import { getDb } from '@/lib/db/client';
import { createCampaign as createCampaignWithItems } from '@/lib/db/campaigns/campaign-create';

export const POST = apiRoute(createCampaign, async ({ body, user }) => ({
  status: 201,
  body: await createCampaignWithItems(getDb(), body, user.id),
}));
