/** GET /api/v1/campaigns/{id}/final: the final labels as JSON Lines, streamed (researchers, admins). */
import { finalLabelsContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { jsonLinesResponse } from '@/lib/http/json-lines';
import { AppError } from '@/lib/errors/app-error';
import { findAdjudicationCampaign } from '@/lib/db/annotations/adjudications';
import { streamFinalLabels } from '@/lib/db/annotations/final-reads';
import { getSqlPool } from '@/lib/db/sql-pool';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(finalLabelsContract, async ({ params, user }) => {
  const campaign = await findAdjudicationCampaign(getSqlPool(), parseCampaignRef(params.id), user);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return jsonLinesResponse(streamFinalLabels(getSqlPool(), campaign.id, campaign.questions));
});
