/**
 * GET /api/v1/campaigns/{id}: the campaign's questions, guidelines and the caller's progress; PATCH
 * archives or restores it, DELETE deletes it (audited).
 */
import { getCampaignContract } from '@/lib/api/contracts/campaigns';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { getCampaignForCaller } from '@/lib/db/campaigns/campaign-view';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { archiveCampaignContract, deleteCampaignContract } from '@/lib/api/contracts/tidy';
import { archiveCampaign, deleteCampaign } from '@/lib/services/tidy/tidy-entries';

export const GET = apiRoute(getCampaignContract, async ({ params, user }) => {
  const campaign = await getCampaignForCaller(database(), parseCampaignRef(params.id), user);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign, or you are not one of its annotators.');
  return { status: 200, body: campaign };
});

export const PATCH = apiRoute(archiveCampaignContract, async ({ params, body, user }) => ({
  status: 200,
  body: await archiveCampaign(database(), user, parseCampaignRef(params.id), body.archived),
}));

export const DELETE = apiRoute(deleteCampaignContract, async ({ params, user }) => ({
  status: 200,
  body: await deleteCampaign(database(), user, parseCampaignRef(params.id)),
}));
