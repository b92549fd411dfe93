/**
 * An adjudicator's final answers for a pair (`POST /api/v1/campaigns/{id}/adjudications`): the
 * campaign must be one the user may adjudicate (staff, or a member with the adjudicator role; else
 * 404), the answers are saved and the pair's final labels refreshed in one transaction
 * (lib/db/annotations/adjudications.ts), and the decision is audited in words.
 */
import { answerWords } from '@/lib/annotation/answer-words';
import type { RoleName } from '@/lib/access/roles';
import { recordAudit } from '@/lib/db/accounts/audit';
import {
  findAdjudicationCampaign,
  saveAdjudication,
  type AdjudicationInput,
  type StoredAdjudication,
} from '@/lib/db/annotations/adjudications';
import type { Database } from '@/lib/db/database';
import { AppError } from '@/lib/errors/app-error';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export async function adjudicatePair(
  db: Database,
  user: { id: number; role: RoleName },
  campaignRef: string,
  input: AdjudicationInput,
): Promise<StoredAdjudication> {
  const campaign = await findAdjudicationCampaign(db, parseCampaignRef(campaignRef), user);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign, or you may not adjudicate it.');
  const stored = await saveAdjudication(db, campaign, user.id, input);
  const { created, ...adjudication } = stored;
  await recordAudit(db, {
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
  return stored;
}
