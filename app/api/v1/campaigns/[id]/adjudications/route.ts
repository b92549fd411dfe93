/**
 * POST /api/v1/campaigns/{id}/adjudications: the final answers of a pair (researchers, admins,
 * adjudicator members). Audited, the decision in words.
 */
import { adjudicateContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { findAdjudicationCampaign, saveAdjudication } from '@/lib/db/annotations/adjudications';
import { database } from '@/lib/db/database';
import { recordAudit } from '@/lib/db/accounts/audit';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { answerWords } from '@/lib/annotation/answer-words';

export const POST = apiRoute(adjudicateContract, async ({ params, body, user }) => {
  const campaign = await findAdjudicationCampaign(database(), parseCampaignRef(params.id), user);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign, or you may not adjudicate it.');
  const { created, ...adjudication } = await saveAdjudication(database(), campaign, user.id, body);
  await recordAudit(database(), {
    actorId: user.id,
    action: 'campaign.adjudicate',
    targetType: 'campaign',
    targetId: campaign.id,
    details: {
      campaign: campaign.name,
      pair: adjudication.pairId,
      decided: answerWords(campaign.questions, adjudication.answers),
      ...(adjudication.note ? { note: adjudication.note } : {}),
      ...(created ? {} : { replaced: true }),
    },
  });
  return { status: created ? 201 : 200, body: adjudication };
});
