/**
 * Creating a campaign (`POST /api/v1/campaigns`): its pairs drawn from the corpora, its questions,
 * members and settings written at once (lib/db/campaigns/campaign-create.ts, which refuses an unknown
 * corpus or member field by field), and the creation audited as the user.
 */
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import {
  createCampaign as insertCampaign,
  type CreateCampaignInput,
  type CreatedCampaign,
} from '@/lib/db/campaigns/campaign-create';

export async function createCampaign(db: Db, user: { id: number }, input: CreateCampaignInput): Promise<CreatedCampaign> {
  const created = await insertCampaign(db, input, user.id);
  await recordAudit(db, {
    actorId: user.id,
    action: 'campaign.create',
    targetType: 'campaign',
    targetId: created.id,
    details: {
      name: input.name,
      slug: created.slug,
      corpora: input.corpora,
      pairs: created.items,
      questions: input.questions.map((q) => (typeof q === 'string' ? q : q.key)),
      status: input.status,
    },
  });
  return created;
}
