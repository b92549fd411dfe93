'use server';
/**
 * Cancel an import (its uploader or an admin: lib/access/ownership.ts); the corpus comes from the job row. Starting one is
 * `POST /api/v1/imports/{id}/start` (lib/jobs/start-import.ts), which the upload form calls.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { pruneOwners } from '@/lib/jobs/job-owner';
import { requestImportCancel } from '@/lib/db/imports/import-jobs';
import { getOwnImportJob } from '@/lib/jobs/start-import';
import { recordAudit } from '@/lib/db/accounts/audit';
import { removeFile } from '@/lib/jobs/private-files';
import { defineAction } from './define-action';
import { dbIdText } from '@/lib/api/db-numbers';

export const cancelImportAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({ jobId: dbIdText }),
  handler: async ({ jobId }, user) => {
    const db = getDb();
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
    revalidatePath('/corpora');
    return { jobId, result };
  },
});
