/**
 * POST /api/v1/imports/{id}/cancel: cancel an import or discard an upload never started (its uploader
 * or an admin: lib/access/ownership.ts); the corpus comes from the job row, the file is deleted. Audited.
 */
import { cancelImportContract } from '@/lib/api/contracts/imports';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { recordAudit } from '@/lib/db/accounts/audit';
import { requestImportCancel } from '@/lib/db/imports/import-jobs';
import { AppError } from '@/lib/errors/app-error';
import { pruneOwners } from '@/lib/runtime/job-owner';
import { removeFile } from '@/lib/runtime/private-files';
import { getOwnImportJob } from '@/lib/services/imports/start-import';

export const POST = apiRoute(cancelImportContract, async ({ params, user }) => {
  const db = database();
  const jobId = params.id;
  const job = await getOwnImportJob(db, jobId, user);
  await pruneOwners(db); // a job whose process is gone ends at once
  const { result, sourcePath } = await requestImportCancel(db, jobId);
  if (result === 'ended') throw new AppError('CONFLICT', 'This import has already ended.');
  await removeFile(sourcePath);
  if (sourcePath) await removeFile(job.options.questionsPath);
  await recordAudit(db, {
    actorId: user.id,
    action: 'import.cancel',
    targetType: 'import',
    targetId: jobId,
    details: { result },
  });
  return { status: 200, body: { jobId, result } };
});
