/**
 * The handlers of the export routes (lib/api/contracts/exports.ts): queue an export of a corpus, a
 * campaign or an explorer view, run a failed one again, delete one. Jobs are private to their
 * creator. An instance whose files folder fails its check refuses to queue one
 * (lib/runtime/files-folder-status.ts); a queued job records the folder's id, so only an instance
 * with that folder runs it. The route files wrap these with `apiRoute`.
 */
import type { ApiContract } from '@/lib/api/contract';
import type { deleteExportContract, rerunExportContract, startExportContract } from '@/lib/api/contracts/exports';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { deleteExportJob, queueExportJob, requeueExportJob } from '@/lib/db/exports/export-jobs';
import { checkViewQuery, viewHasCampaign } from '@/lib/db/exports/export-view-source';
import { findExportScopeId } from '@/lib/db/exports/export-sources';
import { getSqlPool } from '@/lib/db/sql-pool';
import { AppError } from '@/lib/errors/app-error';
import { normalizeParts } from '@/lib/export/options';
import { removeFile } from '@/lib/runtime/private-files';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';
import type { ApiCall, ApiJson } from './api-core';

type Handler<C extends ApiContract> = (call: ApiCall<C>) => Promise<ApiJson>;
type StartBody = ApiCall<typeof startExportContract>['body'];

async function resolveScope(
  input: StartBody,
): Promise<{ corpusId: number | null; campaignId: number | null; filters: string | null }> {
  if (input.scope === 'view') {
    const problem = await checkViewQuery(getSqlPool(), input.view ?? '');
    if (problem) throw new AppError('INVALID_INPUT', problem);
    return { corpusId: null, campaignId: null, filters: input.view ?? '' };
  }
  if (!input.slug) throw new AppError('INVALID_INPUT', `Choose a ${input.scope}.`);
  const id = await findExportScopeId(getDb(), input.scope, input.slug);
  if (id === null) throw new AppError('NOT_FOUND', `That ${input.scope} does not exist.`);
  return { corpusId: input.scope === 'corpus' ? id : null, campaignId: input.scope === 'campaign' ? id : null, filters: null };
}

export const startExport: Handler<typeof startExportContract> = async ({ body: input, user }) => {
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
  return { status: 202, body: { jobId: job.id } };
};

const NO_SUCH_JOB = 'That export does not exist.';

export const rerunExport: Handler<typeof rerunExportContract> = async ({ params, user }) => {
  const jobId = Number(params.id);
  const db = getDb();
  if (!(await requeueExportJob(db, jobId, user.id, await requireFilesFolder(db))))
    throw new AppError('NOT_FOUND', `${NO_SUCH_JOB} Only your own failed or cancelled exports can be run again.`);
  return { status: 202, body: { jobId } };
};

export const deleteExport: Handler<typeof deleteExportContract> = async ({ params, user }) => {
  const jobId = Number(params.id);
  const deleted = await deleteExportJob(getDb(), jobId, user.id);
  if (!deleted) throw new AppError('NOT_FOUND', `${NO_SUCH_JOB} Only your own exports that are not running can be deleted.`);
  await removeFile(deleted.filePath);
  return { status: 200, body: { jobId } };
};
