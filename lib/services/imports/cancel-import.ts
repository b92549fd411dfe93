/**
 * Cancel an import, or discard an upload never started (its uploader or an admin:
 * lib/access/ownership.ts): the corpus comes from the job row, the file is deleted. Audited.
 */
import type { RoleName } from '@/lib/access/roles';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { requestImportCancel } from '@/lib/db/imports/import-jobs';
import { AppError } from '@/lib/errors/app-error';
import { pruneOwners } from '@/lib/runtime/job-owner';
import { removeFile } from '@/lib/runtime/private-files';
import { getOwnImportJob } from './start-import';

export async function cancelImport(
  db: Db,
  actor: { id: number; role: RoleName },
  jobId: number,
): Promise<{ jobId: number; result: string }> {
  const job = await getOwnImportJob(db, jobId, actor);
  await pruneOwners(db); // a job whose process is gone ends at once
  const { result, sourcePath } = await requestImportCancel(db, jobId);
  if (result === 'ended') throw new AppError('CONFLICT', 'This import has already ended.');
  await removeFile(sourcePath);
  if (sourcePath) await removeFile(job.options.questionsPath);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'import.cancel',
    targetType: 'import',
    targetId: jobId,
    details: { result },
  });
  return { jobId, result };
}
