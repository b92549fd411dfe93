/**
 * The campaign page's controls (`/api/v1/campaigns/{id}/…`, lib/api/contracts/campaign-controls.ts):
 * status, members, exclusion, redraw, quality settings and the gold rate. Each finds the campaign by
 * id or slug (404 "No such campaign."), changes it through lib/db and records the change in the audit
 * log as `actor`; the route files answer with what these return.
 */
import type { CampaignStatusName } from '@/lib/annotation/campaign-status';
import type { QualitySettings } from '@/lib/annotation/quality-settings';
import { database } from '@/lib/db/database';
import { recordAudit, type AuditEntry } from '@/lib/db/accounts/audit';
import { findCampaignId, findCampaignSlug } from '@/lib/db/annotations/annotation-reads';
import { addCampaignMember, changeCampaignStatus, removeCampaignMember } from '@/lib/db/campaigns/campaign-management';
import { redrawCampaign } from '@/lib/db/campaigns/campaign-lifecycle';
import { setCampaignGoldEvery, setMemberExcluded } from '@/lib/db/campaigns/gold';
import { updateQualitySettings } from '@/lib/db/campaigns/quality-settings';
import { AppError } from '@/lib/errors/app-error';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

/** Who changes the campaign: the signed-in user the audit entry names. */
export interface CampaignActor {
  id: number;
}

async function campaignSlug(ref: string): Promise<string> {
  const slug = await findCampaignSlug(database(), parseCampaignRef(ref));
  if (slug === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  return slug;
}

async function campaignId(ref: string): Promise<number> {
  const id = await findCampaignId(database(), parseCampaignRef(ref));
  if (id === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  return id;
}

const audit = (actor: CampaignActor, action: string, targetId: number, details: AuditEntry['details']) =>
  recordAudit(database(), { actorId: actor.id, action, targetType: 'campaign', targetId, details });

export async function setCampaignStatus(
  actor: CampaignActor,
  ref: string,
  from: CampaignStatusName,
  to: CampaignStatusName,
): Promise<{ status: CampaignStatusName }> {
  const { id } = await changeCampaignStatus(database(), await campaignSlug(ref), from, to);
  await audit(actor, 'campaign.status', id, { from, to });
  return { status: to };
}

export async function addMember(actor: CampaignActor, ref: string, userId: number): Promise<{ email: string }> {
  const { campaignId: id, email } = await addCampaignMember(database(), await campaignSlug(ref), userId);
  await audit(actor, 'campaign.member.add', id, { userId });
  return { email };
}

export async function removeMember(actor: CampaignActor, ref: string, userId: number): Promise<{ releasedHolds: number }> {
  const { campaignId: id, releasedHolds } = await removeCampaignMember(database(), await campaignSlug(ref), userId);
  await audit(actor, 'campaign.member.remove', id, { userId, releasedHolds });
  return { releasedHolds };
}

export async function setExcluded(
  actor: CampaignActor,
  ref: string,
  userId: number,
  excluded: boolean,
): Promise<{ excluded: boolean }> {
  const id = await campaignId(ref);
  await setMemberExcluded(database(), id, userId, excluded);
  await audit(actor, excluded ? 'campaign.member.exclude' : 'campaign.member.include', id, { userId });
  return { excluded };
}

export async function redraw(actor: CampaignActor, ref: string): Promise<{ id: number; slug: string; items: number }> {
  const slug = await campaignSlug(ref);
  const created = await redrawCampaign(database(), await campaignId(slug), actor.id);
  await audit(actor, 'campaign.redraw', created.id, { from: slug, slug: created.slug, pairs: created.items });
  return created;
}

export async function updateQuality(actor: CampaignActor, ref: string, settings: QualitySettings): Promise<QualitySettings> {
  const id = await campaignId(ref);
  const saved = await updateQualitySettings(database(), id, settings);
  await audit(actor, 'campaign.quality-settings', id, { ...saved });
  return saved;
}

export async function setGoldRate(actor: CampaignActor, ref: string, goldEvery: number): Promise<{ goldEvery: number }> {
  const id = await campaignId(ref);
  if (!(await setCampaignGoldEvery(database(), id, goldEvery))) throw new AppError('NOT_FOUND', 'No such campaign.');
  await audit(actor, 'campaign.gold-rate', id, { goldEvery });
  return { goldEvery };
}
