/** POST /api/v1/campaigns/{id}/clone: a new draft campaign from this one's settings and sample, without answers. Audited. */
import { cloneCampaignContract } from '@/lib/api/contracts/tidy';
import { apiRoute } from '@/lib/http/api-route';
import { getDb } from '@/lib/db/client';
import { cloneCampaignAs } from '@/lib/services/tidy/tidy-entries';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const POST = apiRoute(cloneCampaignContract, async ({ params, body, user }) => ({
  status: 201,
  body: await cloneCampaignAs(getDb(), user, parseCampaignRef(params.id), body.name),
}));
