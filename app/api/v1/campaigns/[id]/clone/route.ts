/** POST /api/v1/campaigns/{id}/clone: a new draft campaign from this one's settings and sample, without answers. Audited. */
import { cloneCampaignContract } from '@/lib/api/contracts/tidy';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { cloneCampaignAs } from '@/lib/services/tidy/tidy-entries';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const POST = apiRoute(cloneCampaignContract, async ({ params, body, user }) => ({
  status: 201,
  body: await cloneCampaignAs(database(), user, parseCampaignRef(params.id), body.name),
}));
