/** GET /api/v1/campaigns/{id}/final: the final labels as JSON Lines, streamed (researchers, admins). */
import { finalLabelsContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { jsonLinesResponse } from '@/lib/http/json-lines';
import { AppError } from '@/lib/errors/app-error';
import { findAdjudicationCampaign } from '@/lib/db/annotations/adjudications';
import { streamFinalLabels } from '@/lib/db/annotations/final-reads';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(finalLabelsContract, async ({ params, user }) => {
  const campaign = await findAdjudicationCampaign(database(), parseCampaignRef(params.id), user);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return jsonLinesResponse(streamFinalLabels(database(), campaign.id, campaign.questions));
});
