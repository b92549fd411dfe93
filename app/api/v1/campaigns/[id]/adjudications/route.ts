/** POST /api/v1/campaigns/{id}/adjudications: the final answers of a pair (researchers, admins, adjudicator members). */
import { adjudicateContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { findAdjudicationCampaign, saveAdjudication } from '@/lib/db/annotations/adjudications';
import { getSqlPool } from '@/lib/db/sql-pool';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const POST = apiRoute(adjudicateContract, async ({ params, body, user }) => {
  const campaign = await findAdjudicationCampaign(getSqlPool(), parseCampaignRef(params.id), user);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign, or you may not adjudicate it.');
  const { created, ...adjudication } = await saveAdjudication(getSqlPool(), campaign, user.id, body);
  return { status: created ? 201 : 200, body: adjudication };
});
