'use server';
/**
 * Researchers and admins manage a campaign from its page: change its status (draft → active ⇄
 * paused → closed) and add or remove annotators. The campaign is found by its slug on the server;
 * every change is audited. A researcher can leave an annotator's answers out of the final labels and
 * the dashboards (excluded), e.g. one flagged for low accuracy on gold pairs, and draw a campaign's
 * sample again as it was drawn (a new draft). (Creating a campaign goes through POST /api/v1/campaigns,
 * the same route scripts use.)
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { CAMPAIGN_STATUSES } from '@/lib/annotation/campaign-status';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { addCampaignMember, changeCampaignStatus, removeCampaignMember } from '@/lib/db/campaigns/campaign-management';
import { redrawCampaign } from '@/lib/db/campaigns/campaign-lifecycle';
import { AppError } from '@/lib/errors/app-error';
import { setMemberExcluded } from '@/lib/db/campaigns/gold';
import { findCampaignId } from '@/lib/db/annotations/annotation-reads';
import { getSqlPool } from '@/lib/db/sql-pool';
import { defineAction } from './define-action';
import { dbIdText } from '@/lib/api/db-numbers';

const slugSchema = z.string().trim().min(1).max(200);
const userIdSchema = dbIdText;

function revalidateCampaign(slug: string): void {
  revalidatePath(`/campaigns/${slug}`);
  revalidatePath('/campaigns');
}

export const changeCampaignStatusAction = defineAction({
  roles: rolesForArea('campaigns'),
  schema: z.object({ slug: slugSchema, from: z.enum(CAMPAIGN_STATUSES), to: z.enum(CAMPAIGN_STATUSES) }),
  handler: async ({ slug, from, to }, user) => {
    const db = getDb();
    const { id } = await changeCampaignStatus(db, slug, from, to);
    await recordAudit(db, {
      actorId: user.id,
      action: 'campaign.status',
      targetType: 'campaign',
      targetId: id,
      details: { from, to },
    });
    revalidateCampaign(slug);
    return { status: to };
  },
});

export const addCampaignMemberAction = defineAction({
  roles: rolesForArea('campaigns'),
  schema: z.object({ slug: slugSchema, userId: userIdSchema }),
  handler: async ({ slug, userId }, user) => {
    const db = getDb();
    const { campaignId, email } = await addCampaignMember(db, slug, userId);
    await recordAudit(db, {
      actorId: user.id,
      action: 'campaign.member.add',
      targetType: 'campaign',
      targetId: campaignId,
      details: { userId },
    });
    revalidateCampaign(slug);
    return { email };
  },
});

export const removeCampaignMemberAction = defineAction({
  roles: rolesForArea('campaigns'),
  schema: z.object({ slug: slugSchema, userId: userIdSchema }),
  handler: async ({ slug, userId }, user) => {
    const db = getDb();
    const { campaignId, releasedHolds } = await removeCampaignMember(db, slug, userId);
    await recordAudit(db, {
      actorId: user.id,
      action: 'campaign.member.remove',
      targetType: 'campaign',
      targetId: campaignId,
      details: { userId, releasedHolds },
    });
    revalidateCampaign(slug);
    return { releasedHolds };
  },
});

export const setMemberExcludedAction = defineAction({
  roles: rolesForArea('campaigns'),
  schema: z.object({ slug: slugSchema, userId: userIdSchema, excluded: z.boolean() }),
  handler: async ({ slug, userId, excluded }, user) => {
    const db = getDb();
    const campaignId = await findCampaignId(getSqlPool(), { slug });
    if (campaignId === null) throw new AppError('NOT_FOUND', 'No such campaign.');
    await setMemberExcluded(getSqlPool(), campaignId, userId, excluded);
    await recordAudit(db, {
      actorId: user.id,
      action: excluded ? 'campaign.member.exclude' : 'campaign.member.include',
      targetType: 'campaign',
      targetId: campaignId,
      details: { userId },
    });
    revalidateCampaign(slug);
    return { excluded };
  },
});

export const redrawCampaignAction = defineAction({
  roles: rolesForArea('campaigns'),
  schema: z.object({ slug: slugSchema }),
  handler: async ({ slug }, user) => {
    const db = getDb();
    const campaignId = await findCampaignId(getSqlPool(), { slug });
    if (campaignId === null) throw new AppError('NOT_FOUND', 'No such campaign.');
    const created = await redrawCampaign(db, campaignId, user.id);
    await recordAudit(db, {
      actorId: user.id,
      action: 'campaign.redraw',
      targetType: 'campaign',
      targetId: created.id,
      details: { from: slug, slug: created.slug, pairs: created.items },
    });
    revalidatePath('/campaigns');
    redirect(`/campaigns/${created.slug}`);
  },
});
