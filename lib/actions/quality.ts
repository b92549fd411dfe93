'use server';
/**
 * Researchers and admins change a campaign's quality settings from its page (which questions count
 * towards gold accuracy, the Likert tolerance, the spread left open); the final labels are
 * recomputed at once (lib/db/campaigns/quality-settings.ts); and how often gold pairs are handed out
 * (campaigns start with none: gold pairs are marked once the campaign exists). Audited.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { qualitySettingsSchema } from '@/lib/api/contracts/campaigns';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { findCampaignId } from '@/lib/db/annotations/annotation-reads';
import { updateQualitySettings } from '@/lib/db/campaigns/quality-settings';
import { setCampaignGoldEvery } from '@/lib/db/campaigns/gold';
import { getSqlPool } from '@/lib/db/sql-pool';
import { AppError } from '@/lib/errors/app-error';
import { defineAction } from './define-action';

export const updateQualitySettingsAction = defineAction({
  roles: rolesForArea('campaigns'),
  schema: z.object({ slug: z.string().trim().min(1).max(200), settings: qualitySettingsSchema }),
  handler: async ({ slug, settings }, user) => {
    const campaignId = await findCampaignId(getSqlPool(), { slug });
    if (campaignId === null) throw new AppError('NOT_FOUND', 'No such campaign.');
    const saved = await updateQualitySettings(getSqlPool(), campaignId, settings);
    await recordAudit(getDb(), {
      actorId: user.id,
      action: 'campaign.quality-settings',
      targetType: 'campaign',
      targetId: campaignId,
      details: { ...saved },
    });
    revalidatePath(`/campaigns/${slug}`);
    return saved;
  },
});

export const setGoldEveryAction = defineAction({
  roles: rolesForArea('campaigns'),
  schema: z.object({ slug: z.string().trim().min(1).max(200), goldEvery: z.coerce.number().int().min(0).max(100) }),
  handler: async ({ slug, goldEvery }, user) => {
    const campaignId = await findCampaignId(getSqlPool(), { slug });
    if (campaignId === null || !(await setCampaignGoldEvery(getSqlPool(), campaignId, goldEvery)))
      throw new AppError('NOT_FOUND', 'No such campaign.');
    await recordAudit(getDb(), {
      actorId: user.id,
      action: 'campaign.gold-rate',
      targetType: 'campaign',
      targetId: campaignId,
      details: { goldEvery },
    });
    revalidatePath(`/campaigns/${slug}`);
    return { goldEvery };
  },
});
