/** PATCH /api/v1/campaigns/{id}/wording: a new version of the guidelines and question wording (audited). */
import { editWordingContract } from '@/lib/api/contracts/wording';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { saveCampaignWording } from '@/lib/db/campaigns/campaign-wording';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const PATCH = apiRoute(editWordingContract, async ({ params, body, user }) => {
  const { slug, version, changes } = await saveCampaignWording(database(), parseCampaignRef(params.id), user.id, body);
  return { status: 200, body: { slug, version, changes } };
});
