/** GET /api/v1/campaigns/{id}: the campaign's questions, guidelines and the caller's progress. */
import { getCampaign } from '@/lib/api/contracts/campaigns';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { getCampaignForCaller } from '@/lib/db/campaign-view';
import { getSqlPool } from '@/lib/db/sql-pool';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(getCampaign, async ({ params, user }) => {
  const campaign = await getCampaignForCaller(getSqlPool(), parseCampaignRef(params.id), user);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign, or you are not one of its annotators.');
  return { status: 200, body: campaign };
});
