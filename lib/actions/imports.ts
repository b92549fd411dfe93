'use server';
/** Start or cancel an uploaded import (researchers and admins). The corpus comes from the job row. */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { pruneOwners } from '@/lib/jobs/job-owner';
import { confirmUploadedImport, getImportJobSource, requestImportCancel } from '@/lib/db/import-jobs';
import { recordAudit } from '@/lib/db/audit';
import { setCorpusLanguage } from '@/lib/db/corpora';
import { isLanguageCode } from '@/lib/naming/language';
import { parseColumnMap } from '@/lib/import/column-map';
import { IMPORT_FORMATS, TIERS, ImportSetupError } from '@/lib/import/types';
import { removeFile } from '@/lib/jobs/private-files';
import { defineAction } from './define-action';
import { dbIdText } from '@/lib/api/db-numbers';

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]).optional();

export const startImportAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({
    jobId: dbIdText,
    format: optional(z.enum(IMPORT_FORMATS)),
    tier: optional(z.enum(TIERS)),
    map: optional(z.string().trim().max(2000)),
    skipInvalid: z.union([z.boolean(), z.enum(['on', 'true', 'false'])]).optional().transform((v) => v === true || v === 'on' || v === 'true'),
    language: optional(z.string().trim().refine(isLanguageCode, 'a two-letter ISO 639-1 code such as en or es')),
  }),
  handler: async (input, user) => {
    const db = getDb();
    const job = await getImportJobSource(db, input.jobId);
    if (!job) throw new AppError('NOT_FOUND', 'That import does not exist.');
    if (input.map) {
      try {
        parseColumnMap(input.map);
      } catch (error) {
        if (error instanceof ImportSetupError) throw new AppError('INVALID_INPUT', `Column mapping: ${error.message}`);
        throw error;
      }
    }
    const questionsPath = job.options.questionsPath ?? null;
    if (input.format === 'qa-assessed' && !questionsPath) throw new AppError('INVALID_INPUT', 'The qa-assessed format needs its questions file: upload it first.');
    const request = {
      format: input.format ?? null,
      tier: input.tier ?? null,
      map: input.map ?? null,
      skipInvalid: input.skipInvalid,
      ...(questionsPath ? { questionsPath, questionsFileName: job.options.questionsFileName ?? null } : {}),
      ...(input.language ? { language: input.language } : {}),
    };
    // The job supervisor beside the web server picks the job up within a second.
    if (!(await confirmUploadedImport(db, job.id, request))) throw new AppError('CONFLICT', 'This import has already started or ended.');
    if (input.language) await setCorpusLanguage(db, job.corpusId, input.language);
    await recordAudit(db, { actorId: user.id, action: 'import.start', targetType: 'import', targetId: job.id, details: { format: input.format ?? 'detected' } });
    return { jobId: job.id };
  },
});

export const cancelImportAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({ jobId: dbIdText }),
  handler: async ({ jobId }, user) => {
    const db = getDb();
    const job = await getImportJobSource(db, jobId);
    if (!job) throw new AppError('NOT_FOUND', 'That import does not exist.');
    await pruneOwners(db); // a job whose process is gone ends at once
    const { result, sourcePath } = await requestImportCancel(db, jobId);
    if (result === 'ended') throw new AppError('CONFLICT', 'This import has already ended.');
    await removeFile(sourcePath);
    if (sourcePath) await removeFile(job.options.questionsPath);
    await recordAudit(db, { actorId: user.id, action: 'import.cancel', targetType: 'import', targetId: jobId, details: { result } });
    revalidatePath('/corpora');
    return { jobId, result };
  },
});
