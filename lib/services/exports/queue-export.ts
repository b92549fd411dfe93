/**
 * Exports from the web app and scripts (lib/api/contracts/exports.ts): queue an export of a corpus, a
 * campaign or an explorer view, run a failed one again, delete one. Jobs are private to their
 * creator. An instance whose files folder fails its check refuses to queue one
 * (lib/runtime/files-folder-status.ts); a queued job records the folder's id, so only an instance
 * with that folder runs it (lib/jobs/export-queue.ts → run-export.ts).
 */
import type { z } from 'zod';
import type { startExportContract } from '@/lib/api/contracts/exports';
import { database } from '@/lib/db/database';
import { recordAudit } from '@/lib/db/accounts/audit';
import { deleteExportJob, queueExportJob, requeueExportJob } from '@/lib/db/exports/export-jobs';
import { checkViewQuery, viewHasCampaign } from '@/lib/db/exports/export-view-source';
import { findExportScopeId } from '@/lib/db/exports/export-sources';
import { AppError } from '@/lib/errors/app-error';
import { normalizeParts } from '@/lib/export/options';
import { removeFile } from '@/lib/runtime/private-files';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';

/** What to export: the scope (a corpus or campaign by slug, or an explorer view), the format, the parts. */
export type ExportRequest = z.infer<NonNullable<(typeof startExportContract)['body']>>;

/** Who asks: the signed-in user who owns the job. */
export interface ExportActor {
  id: number;
}

async function resolveScope(
  input: ExportRequest,
): Promise<{ corpusId: number | null; campaignId: number | null; filters: string | null }> {
  if (input.scope === 'view') {
    const problem = await checkViewQuery(database(), input.view ?? '');
    if (problem) throw new AppError('INVALID_INPUT', problem);
    return { corpusId: null, campaignId: null, filters: input.view ?? '' };
  }
  if (!input.slug) throw new AppError('INVALID_INPUT', `Choose a ${input.scope}.`);
  const id = await findExportScopeId(database(), input.scope, input.slug);
  if (id === null) throw new AppError('NOT_FOUND', `That ${input.scope} does not exist.`);
  return { corpusId: input.scope === 'corpus' ? id : null, campaignId: input.scope === 'campaign' ? id : null, filters: null };
}

export async function startExport(actor: ExportActor, input: ExportRequest): Promise<{ jobId: number }> {
  const parts = normalizeParts(
    input.include,
    input.scope === 'campaign' || (input.scope === 'view' && viewHasCampaign(input.view ?? '')),
  );
  if (typeof parts === 'string') throw new AppError('INVALID_INPUT', parts);
  const scope = await resolveScope(input);
  const db = database();
  const filesFolderId = await requireFilesFolder(db);
  const job = await queueExportJob(db, {
    filesFolderId,
    createdById: actor.id,
    ...scope,
    format: input.format === 'hf' ? 'HF' : input.format === 'csv' ? 'CSV' : 'JSONL',
    options: { include: parts },
  });
  await recordAudit(db, {
    actorId: actor.id,
    action: 'export.start',
    targetType: 'export',
    targetId: job.id,
    details: { scope: input.scope, slug: input.slug ?? null, format: input.format },
  });
  return { jobId: job.id };
}

const NO_SUCH_JOB = 'That export does not exist.';

export async function rerunExport(actor: ExportActor, jobId: number): Promise<{ jobId: number }> {
  const db = database();
  if (!(await requeueExportJob(db, jobId, actor.id, await requireFilesFolder(db))))
    throw new AppError('NOT_FOUND', `${NO_SUCH_JOB} Only your own failed or cancelled exports can be run again.`);
  return { jobId };
}

export async function deleteExport(actor: ExportActor, jobId: number): Promise<{ jobId: number }> {
  const deleted = await deleteExportJob(database(), jobId, actor.id);
  if (!deleted) throw new AppError('NOT_FOUND', `${NO_SUCH_JOB} Only your own exports that are not running can be deleted.`);
  await removeFile(deleted.filePath);
  return { jobId };
}
