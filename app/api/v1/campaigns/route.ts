/** POST /api/v1/campaigns: create a campaign (researchers, admins). Audited. */
import { createCampaignContract } from '@/lib/api/contracts/campaigns';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { recordAudit } from '@/lib/db/accounts/audit';
import { createCampaign as createCampaignWithItems } from '@/lib/db/campaigns/campaign-create';

export const POST = apiRoute(createCampaignContract, async ({ body, user }) => {
  const db = database();
  const created = await createCampaignWithItems(db, body, user.id);
  await recordAudit(db, {
    actorId: user.id,
    action: 'campaign.create',
    targetType: 'campaign',
    targetId: created.id,
    details: {
      name: body.name,
      slug: created.slug,
      corpora: body.corpora,
      pairs: created.items,
      questions: body.questions.map((q) => (typeof q === 'string' ? q : q.key)),
      status: body.status,
    },
  });
  return { status: 201, body: created };
});
