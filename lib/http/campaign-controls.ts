/**
 * The handlers of the campaign page's controls (lib/api/contracts/campaign-controls.ts): status,
 * members, exclusion, redraw, quality settings and the gold rate. Each finds the campaign by id or
 * slug (404 "No such campaign."), changes it through lib/db and records the change in the audit log;
 * the page refreshes itself after a success. The route files wrap these with `apiRoute`.
 */
import type { ApiContract } from '@/lib/api/contract';
import type {
  addCampaignMemberContract,
  changeCampaignStatusContract,
  redrawCampaignContract,
  removeCampaignMemberContract,
  setGoldEveryContract,
  setMemberExcludedContract,
  updateQualitySettingsContract,
} from '@/lib/api/contracts/campaign-controls';
import { getDb } from '@/lib/db/client';
import { recordAudit, type AuditEntry } from '@/lib/db/accounts/audit';
import { findCampaignId, findCampaignSlug } from '@/lib/db/annotations/annotation-reads';
import { addCampaignMember, changeCampaignStatus, removeCampaignMember } from '@/lib/db/campaigns/campaign-management';
import { redrawCampaign } from '@/lib/db/campaigns/campaign-lifecycle';
import { setCampaignGoldEvery, setMemberExcluded } from '@/lib/db/campaigns/gold';
import { updateQualitySettings } from '@/lib/db/campaigns/quality-settings';
import { getSqlPool } from '@/lib/db/sql-pool';
import { AppError } from '@/lib/errors/app-error';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import type { ApiCall, ApiJson } from './api-core';

type Handler<C extends ApiContract> = (call: ApiCall<C>) => Promise<ApiJson>;

async function campaignSlug(ref: string): Promise<string> {
  const slug = await findCampaignSlug(getSqlPool(), parseCampaignRef(ref));
  if (slug === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  return slug;
}

async function campaignId(ref: string): Promise<number> {
  const id = await findCampaignId(getSqlPool(), parseCampaignRef(ref));
  if (id === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  return id;
}

const audit = (actorId: number, action: string, targetId: number, details: AuditEntry['details']) =>
  recordAudit(getDb(), { actorId, action, targetType: 'campaign', targetId, details });

export const changeStatus: Handler<typeof changeCampaignStatusContract> = async ({ params, body: { from, to }, user }) => {
  const { id } = await changeCampaignStatus(getDb(), await campaignSlug(params.id), from, to);
  await audit(user.id, 'campaign.status', id, { from, to });
  return { status: 200, body: { status: to } };
};

export const addMember: Handler<typeof addCampaignMemberContract> = async ({ params, user }) => {
  const userId = Number(params.userId);
  const { campaignId: id, email } = await addCampaignMember(getDb(), await campaignSlug(params.id), userId);
  await audit(user.id, 'campaign.member.add', id, { userId });
  return { status: 200, body: { email } };
};

export const removeMember: Handler<typeof removeCampaignMemberContract> = async ({ params, user }) => {
  const userId = Number(params.userId);
  const { campaignId: id, releasedHolds } = await removeCampaignMember(getDb(), await campaignSlug(params.id), userId);
  await audit(user.id, 'campaign.member.remove', id, { userId, releasedHolds });
  return { status: 200, body: { releasedHolds } };
};

export const setExcluded: Handler<typeof setMemberExcludedContract> = async ({ params, body: { excluded }, user }) => {
  const userId = Number(params.userId);
  const id = await campaignId(params.id);
  await setMemberExcluded(getSqlPool(), id, userId, excluded);
  await audit(user.id, excluded ? 'campaign.member.exclude' : 'campaign.member.include', id, { userId });
  return { status: 200, body: { excluded } };
};

export const redraw: Handler<typeof redrawCampaignContract> = async ({ params, user }) => {
  const slug = await campaignSlug(params.id);
  const created = await redrawCampaign(getDb(), await campaignId(slug), user.id);
  await audit(user.id, 'campaign.redraw', created.id, { from: slug, slug: created.slug, pairs: created.items });
  return { status: 201, body: created };
};

export const updateQuality: Handler<typeof updateQualitySettingsContract> = async ({ params, body, user }) => {
  const id = await campaignId(params.id);
  const saved = await updateQualitySettings(getSqlPool(), id, body);
  await audit(user.id, 'campaign.quality-settings', id, { ...saved });
  return { status: 200, body: saved };
};

export const setGoldRate: Handler<typeof setGoldEveryContract> = async ({ params, body: { goldEvery }, user }) => {
  const id = await campaignId(params.id);
  if (!(await setCampaignGoldEvery(getSqlPool(), id, goldEvery))) throw new AppError('NOT_FOUND', 'No such campaign.');
  await audit(user.id, 'campaign.gold-rate', id, { goldEvery });
  return { status: 200, body: { goldEvery } };
};
