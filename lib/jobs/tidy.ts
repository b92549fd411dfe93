/**
 * Archive, restore, delete and clone corpora and campaigns, and dismiss ended jobs: the one
 * implementation behind the /api/v1 routes (the web pages call those) and the command line. Each
 * checks what the role alone cannot (a deletion needs an admin or the creator: lib/tidy/tidy-rules.ts),
 * changes the database through lib/db, writes its audit entry, and removes the files a deletion
 * freed once its transaction has committed.
 */
import { rm } from 'node:fs/promises';
import type { RoleName } from '@/lib/access/roles';
import { AppError } from '@/lib/errors/app-error';
import { recordAudit } from '@/lib/db/audit';
import type { Db } from '@/lib/db/client';
import { deleteCorpusCompletely, findCorpusForTidy, setCorpusArchived } from '@/lib/db/corpus-lifecycle';
import { cloneCampaign, deleteCampaignCompletely, findCampaignForTidy, setCampaignArchived } from '@/lib/db/campaign-lifecycle';
import { dismissJob, type DismissableJobKind } from '@/lib/db/job-dismissal';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { canDelete, DELETE_REFUSED } from '@/lib/tidy/tidy-rules';

export interface Actor {
  id: number;
  role: RoleName;
}

async function requireCorpus(db: Db, slug: string) {
  const corpus = await findCorpusForTidy(db, slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
  return corpus;
}

async function requireCampaign(db: Db, ref: CampaignRef) {
  const campaign = await findCampaignForTidy(db, ref);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return campaign;
}

async function removeFiles(files: string[]): Promise<void> {
  for (const file of files) await rm(file, { recursive: true, force: true });
}

/** Archives or restores a corpus (a repeat is harmless and not audited again). */
export async function archiveCorpus(db: Db, actor: Actor, slug: string, archived: boolean): Promise<{ slug: string; archived: boolean }> {
  const corpus = await requireCorpus(db, slug);
  if (await setCorpusArchived(db, corpus.id, archived)) {
    await recordAudit(db, { actorId: actor.id, action: archived ? 'corpus.archive' : 'corpus.restore', targetType: 'corpus', targetId: corpus.id, details: { name: corpus.name } });
  }
  return { slug: corpus.slug, archived };
}

export async function deleteCorpus(db: Db, actor: Actor, slug: string) {
  const corpus = await requireCorpus(db, slug);
  if (!canDelete(actor, corpus.createdById)) throw new AppError('FORBIDDEN', `“${corpus.name}”: ${DELETE_REFUSED}`);
  const { deleted, files } = await deleteCorpusCompletely(db, corpus.id);
  await removeFiles(files);
  const { campaigns: _none, activeJobs: _idle, ...counts } = deleted;
  await recordAudit(db, { actorId: actor.id, action: 'corpus.delete', targetType: 'corpus', targetId: corpus.id, details: { name: corpus.name, slug: corpus.slug, ...counts } });
  return { name: corpus.name, deleted: counts };
}

export async function archiveCampaign(db: Db, actor: Actor, ref: CampaignRef, archived: boolean): Promise<{ slug: string; archived: boolean }> {
  const campaign = await requireCampaign(db, ref);
  if (await setCampaignArchived(db, campaign.id, archived)) {
    await recordAudit(db, { actorId: actor.id, action: archived ? 'campaign.archive' : 'campaign.restore', targetType: 'campaign', targetId: campaign.id, details: { name: campaign.name } });
  }
  return { slug: campaign.slug, archived };
}

export async function deleteCampaign(db: Db, actor: Actor, ref: CampaignRef) {
  const campaign = await requireCampaign(db, ref);
  if (!canDelete(actor, campaign.createdById)) throw new AppError('FORBIDDEN', `“${campaign.name}”: ${DELETE_REFUSED}`);
  const { deleted, files } = await deleteCampaignCompletely(db, campaign.id);
  await removeFiles(files);
  const { status: _status, activeExports: _idle, ...counts } = deleted;
  await recordAudit(db, { actorId: actor.id, action: 'campaign.delete', targetType: 'campaign', targetId: campaign.id, details: { name: campaign.name, slug: campaign.slug, ...counts } });
  return { name: campaign.name, deleted: counts };
}

export async function cloneCampaignAs(db: Db, actor: Actor, ref: CampaignRef, name: string) {
  const source = await requireCampaign(db, ref);
  const clone = await cloneCampaign(db, source.id, name, actor.id);
  await recordAudit(db, { actorId: actor.id, action: 'campaign.clone', targetType: 'campaign', targetId: clone.id, details: { name, from: source.id, fromName: source.name } });
  return clone;
}

export async function dismissEndedJob(db: Db, actor: Actor, kind: DismissableJobKind, id: number): Promise<void> {
  const outcome = await dismissJob(db, kind, id, actor.id);
  if (!outcome.ok && outcome.reason === 'not-found') throw new AppError('NOT_FOUND', `That ${kind} job does not exist.`);
  if (!outcome.ok) throw new AppError('CONFLICT', `Only a failed or cancelled ${kind} job can be dismissed; this one is waiting, running or succeeded.`);
  await recordAudit(db, { actorId: actor.id, action: `${kind}.dismiss`, targetType: kind, targetId: id, details: { corpusId: outcome.corpusId } });
}
