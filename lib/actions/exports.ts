'use server';
/**
 * Exports from the web app (researchers and admins; annotators have none): queue an export of a
 * corpus, a campaign or an explorer view (the job supervisor runs it), run a failed one again,
 * delete one. Jobs are private to their creator: another user's job id is "not found". An instance
 * whose files folder fails its check refuses to queue one (lib/runtime/files-folder-status.ts); a
 * queued job records the folder's id, so only an instance with that folder runs it.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { deleteExportJob, queueExportJob, requeueExportJob } from '@/lib/db/exports/export-jobs';
import { checkViewQuery, viewHasCampaign } from '@/lib/db/exports/export-view-source';
import { getSqlPool } from '@/lib/db/sql-pool';
import { findExportScopeId } from '@/lib/db/exports/export-sources';
import { EXPORT_FORMATS, EXPORT_PARTS, normalizeParts } from '@/lib/export/options';
import { removeFile } from '@/lib/jobs/private-files';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';
import { defineAction } from './define-action';
import { dbIdText } from '@/lib/api/db-numbers';

const startSchema = z.object({
  scope: z.enum(['corpus', 'campaign', 'view']),
  /** corpus or campaign slug */
  slug: z.string().max(200).optional(),
  /** explorer view: its query string */
  view: z.string().max(4000).optional(),
  format: z.enum(EXPORT_FORMATS),
  include: z.array(z.enum(EXPORT_PARTS)).max(EXPORT_PARTS.length),
});

async function resolveScope(
  input: z.infer<typeof startSchema>,
): Promise<{ corpusId: number | null; campaignId: number | null; filters: string | null }> {
  const db = getDb();
  if (input.scope === 'view') {
    const problem = await checkViewQuery(getSqlPool(), input.view ?? '');
    if (problem) throw new AppError('INVALID_INPUT', problem);
    return { corpusId: null, campaignId: null, filters: input.view ?? '' };
  }
  if (!input.slug) throw new AppError('INVALID_INPUT', `Choose a ${input.scope}.`);
  const id = await findExportScopeId(db, input.scope, input.slug);
  if (id === null) throw new AppError('NOT_FOUND', `That ${input.scope} does not exist.`);
  return { corpusId: input.scope === 'corpus' ? id : null, campaignId: input.scope === 'campaign' ? id : null, filters: null };
}

export const startExportAction = defineAction({
  roles: rolesForArea('explore'),
  schema: startSchema,
  handler: async (input, user) => {
    const parts = normalizeParts(
      input.include,
      input.scope === 'campaign' || (input.scope === 'view' && viewHasCampaign(input.view ?? '')),
    );
    if (typeof parts === 'string') throw new AppError('INVALID_INPUT', parts);
    const scope = await resolveScope(input);
    const db = getDb();
    const filesFolderId = await requireFilesFolder(db);
    const job = await queueExportJob(db, {
      filesFolderId,
      createdById: user.id,
      ...scope,
      format: input.format === 'hf' ? 'HF' : input.format === 'csv' ? 'CSV' : 'JSONL',
      options: { include: parts },
    });
    await recordAudit(db, {
      actorId: user.id,
      action: 'export.start',
      targetType: 'export',
      targetId: job.id,
      details: { scope: input.scope, slug: input.slug ?? null, format: input.format },
    });
    revalidatePath('/exports');
    return { jobId: job.id };
  },
});

const jobSchema = z.object({ jobId: dbIdText });
const NO_SUCH_JOB = 'That export does not exist.';

export const rerunExportAction = defineAction({
  roles: rolesForArea('explore'),
  schema: jobSchema,
  handler: async ({ jobId }, user) => {
    const db = getDb();
    if (!(await requeueExportJob(db, jobId, user.id, await requireFilesFolder(db))))
      throw new AppError('NOT_FOUND', `${NO_SUCH_JOB} Only your own failed or cancelled exports can be run again.`);
    revalidatePath('/exports');
    return { jobId };
  },
});

export const deleteExportAction = defineAction({
  roles: rolesForArea('explore'),
  schema: jobSchema,
  handler: async ({ jobId }, user) => {
    const deleted = await deleteExportJob(getDb(), jobId, user.id);
    if (!deleted) throw new AppError('NOT_FOUND', `${NO_SUCH_JOB} Only your own exports that are not running can be deleted.`);
    await removeFile(deleted.filePath);
    revalidatePath('/exports');
    return { jobId };
  },
});
