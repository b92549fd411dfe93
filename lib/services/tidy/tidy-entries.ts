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
import { recordAudit } from '@/lib/db/accounts/audit';
import type { Db } from '@/lib/db/client';
import { deleteCorpusCompletely, findCorpusForTidy, setCorpusArchived } from '@/lib/db/corpora/corpus-lifecycle';
import {
  cloneCampaign,
  deleteCampaignCompletely,
  findCampaignForTidy,
  setCampaignArchived,
} from '@/lib/db/campaigns/campaign-lifecycle';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { canDelete, DELETE_REFUSED } from '@/lib/tidy/tidy-rules';

/** Who acts: a signed-in user, or the command line (no user; it acts as the installation's operator, an admin). */
export interface Actor {
  id: number | null;
  role: RoleName;
}

export const COMMAND_LINE: Actor = { id: null, role: 'ADMIN' };

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

type Kind = 'corpus' | 'campaign';

/** The audit entry of an archive or restore that changed something (a repeat is harmless and not audited again). */
async function auditArchive(
  db: Db,
  actor: Actor,
  kind: Kind,
  target: { id: number; name: string; slug: string },
  archived: boolean,
  changed: boolean,
) {
  if (changed) {
    await recordAudit(db, {
      actorId: actor.id,
      action: `${kind}.${archived ? 'archive' : 'restore'}`,
      targetType: kind,
      targetId: target.id,
      details: { name: target.name },
    });
  }
  return { slug: target.slug, archived };
}

/** Deletes after the owner check, removes the freed files once committed, and audits what went. */
async function deleteAudited<C extends object>(
  db: Db,
  actor: Actor,
  kind: Kind,
  target: { id: number; name: string; slug: string; createdById: number | null },
  remove: (id: number) => Promise<{ counts: C; files: string[] }>,
) {
  if (!canDelete(actor, target.createdById)) throw new AppError('FORBIDDEN', `“${target.name}”: ${DELETE_REFUSED}`);
  const { counts, files } = await remove(target.id);
  await removeFiles(files);
  await recordAudit(db, {
    actorId: actor.id,
    action: `${kind}.delete`,
    targetType: kind,
    targetId: target.id,
    details: { name: target.name, slug: target.slug, ...counts },
  });
  return { name: target.name, deleted: counts };
}

export async function archiveCorpus(
  db: Db,
  actor: Actor,
  slug: string,
  archived: boolean,
): Promise<{ slug: string; archived: boolean }> {
  const corpus = await requireCorpus(db, slug);
  return auditArchive(db, actor, 'corpus', corpus, archived, await setCorpusArchived(db, corpus.id, archived));
}

export async function deleteCorpus(db: Db, actor: Actor, slug: string) {
  return deleteAudited(db, actor, 'corpus', await requireCorpus(db, slug), async (id) => {
    const { deleted, files } = await deleteCorpusCompletely(db, id);
    const { campaigns: _none, activeJobs: _idle, ...counts } = deleted;
    return { counts, files };
  });
}

export async function archiveCampaign(
  db: Db,
  actor: Actor,
  ref: CampaignRef,
  archived: boolean,
): Promise<{ slug: string; archived: boolean }> {
  const campaign = await requireCampaign(db, ref);
  return auditArchive(db, actor, 'campaign', campaign, archived, await setCampaignArchived(db, campaign.id, archived));
}

export async function deleteCampaign(db: Db, actor: Actor, ref: CampaignRef) {
  return deleteAudited(db, actor, 'campaign', await requireCampaign(db, ref), async (id) => {
    const { deleted, files } = await deleteCampaignCompletely(db, id);
    const { status: _status, activeExports: _idle, activeModelRuns: _running, ...counts } = deleted;
    return { counts, files };
  });
}

export async function cloneCampaignAs(db: Db, actor: Actor, ref: CampaignRef, name: string) {
  const source = await requireCampaign(db, ref);
  const clone = await cloneCampaign(db, source.id, name, actor.id);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'campaign.clone',
    targetType: 'campaign',
    targetId: clone.id,
    details: { name, from: source.id, fromName: source.name },
  });
  return clone;
}

/** Dismissing an ended job is the job module's (lib/services/jobs/dismiss-job.ts). */
export { dismissEndedJob } from '@/lib/services/jobs/dismiss-job';
