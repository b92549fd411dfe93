'use server';
/** Start or cancel an uploaded import (researchers and admins). The corpus comes from the job row. */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { finishImportJob, getImportJobSource } from '@/lib/db/import-jobs';
import { recordAudit } from '@/lib/db/audit';
import { parseColumnMap } from '@/lib/import/column-map';
import { IMPORT_FORMATS, TIERS, ImportSetupError } from '@/lib/import/types';
import { enqueueImport, isImportActive, requestImportCancel } from '@/lib/jobs/import-queue';
import { removeFile } from '@/lib/jobs/uploads';
import { defineAction } from './define-action';

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]).optional();

export const startImportAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({
    jobId: z.coerce.number().int().positive(),
    format: optional(z.enum(IMPORT_FORMATS)),
    tier: optional(z.enum(TIERS)),
    map: optional(z.string().trim().max(2000)),
    skipInvalid: z.union([z.boolean(), z.enum(['on', 'true', 'false'])]).optional().transform((v) => v === true || v === 'on' || v === 'true'),
  }),
  handler: async (input, user) => {
    const db = getDb();
    const job = await getImportJobSource(db, input.jobId);
    if (!job) throw new AppError('NOT_FOUND', 'That import does not exist.');
    if (job.status !== 'QUEUED' || job.startedAt || !job.sourcePath) throw new AppError('CONFLICT', 'This import has already started or ended.');
    if (input.map) {
      try {
        parseColumnMap(input.map);
      } catch (error) {
        if (error instanceof ImportSetupError) throw new AppError('INVALID_INPUT', `Column mapping: ${error.message}`);
        throw error;
      }
    }
    await db.importJob.update({ where: { id: job.id }, data: { startedAt: new Date(), format: input.format ?? null } });
    enqueueImport({
      jobId: job.id,
      corpusId: job.corpusId,
      createdById: user.id,
      sourcePath: job.sourcePath,
      fileName: job.fileName,
      skipInvalid: input.skipInvalid,
      ...(input.format ? { format: input.format } : {}),
      ...(input.tier ? { tier: input.tier } : {}),
      ...(input.map ? { map: input.map } : {}),
    });
    await recordAudit(db, { actorId: user.id, action: 'import.start', targetType: 'import', targetId: job.id, details: { format: input.format ?? 'detected' } });
    return { jobId: job.id };
  },
});

export const cancelImportAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({ jobId: z.coerce.number().int().positive() }),
  handler: async ({ jobId }, user) => {
    const db = getDb();
    const job = await getImportJobSource(db, jobId);
    if (!job) throw new AppError('NOT_FOUND', 'That import does not exist.');
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') throw new AppError('CONFLICT', 'This import has already ended.');
    requestImportCancel(jobId);
    if (job.status === 'QUEUED' && !job.startedAt && !isImportActive(jobId)) {
      // Uploaded but never started: discard it here.
      await finishImportJob(db, jobId, { status: 'CANCELLED', recordsRead: 0, rejected: 0, errorCount: 0, errors: [], message: 'Discarded before it started.', rejectsPath: null });
      await removeFile(job.sourcePath);
      await db.importJob.update({ where: { id: jobId }, data: { sourcePath: null } });
    }
    await recordAudit(db, { actorId: user.id, action: 'import.cancel', targetType: 'import', targetId: jobId });
    revalidatePath('/corpora');
    return { jobId };
  },
});
