/** POST /api/v1/campaigns/{id}/gold: mark a pair as a hidden gold pair with its expected answers (researchers, admins). */
import { setGoldContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { findCampaignId } from '@/lib/db/annotations/annotation-reads';
import { setGoldAnswer } from '@/lib/db/campaigns/gold';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const POST = apiRoute(setGoldContract, async ({ params, body }) => {
  const campaignId = await findCampaignId(database(), parseCampaignRef(params.id));
  if (campaignId === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  const { created, ...gold } = await setGoldAnswer(database(), campaignId, body);
  return { status: created ? 201 : 200, body: gold };
});
