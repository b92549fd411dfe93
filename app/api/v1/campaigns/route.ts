/** POST /api/v1/campaigns: create a campaign (researchers, admins). Audited (lib/services/campaigns/create-campaign.ts). */
import { createCampaignContract } from '@/lib/api/contracts/campaigns';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { createCampaign } from '@/lib/services/campaigns/create-campaign';

export const POST = apiRoute(createCampaignContract, async ({ body, user }) => ({
  status: 201,
  body: await createCampaign(database(), user, body),
}));
