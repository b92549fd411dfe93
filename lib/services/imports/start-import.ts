/**
 * Starting an uploaded import, for the upload page and `POST /api/v1/imports/{id}/start` alike:
 * the job must still wait for its start; a generic CSV / TSV / JSON Lines file starts only with a
 * column mapping that reads it (lib/services/imports/detect-upload.ts), checked here before the job is queued,
 * so a wrong mapping never becomes a failed job. Errors name the field that is wrong. A waiting
 * upload is its uploader's (or an admin's) to preview, start, cancel or dismiss.
 */
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '@/lib/db/client';
import { confirmUploadedImport, getImportJobSource } from '@/lib/db/imports/import-jobs';
import { recordAudit } from '@/lib/db/accounts/audit';
import { setCorpusLanguage } from '@/lib/db/corpora/corpora';
import { isMappedFormat } from '@/lib/import/column-roles';
import { isCreatorOrAdmin } from '@/lib/access/ownership';
import type { RoleName } from '@/lib/access/roles';
import { checkUploadMapping } from './detect-upload';

export interface StartImportInput {
  jobId: number;
  format?: string | undefined;
  tier?: string | undefined;
  /** the `--map` text */
  map?: string | undefined;
  /** role → column, as the upload page's pickers give it */
  columns?: Record<string, string> | undefined;
  skipInvalid: boolean;
  language?: string | undefined;
}

const NOT_WAITING = 'This import has already started or ended.';
export const NOT_YOUR_IMPORT =
  'This import was uploaded by another user: only they or an admin may preview, start, cancel or dismiss it.';

/** An import job's source, when `actor` may act on it (its creator or an admin: lib/access/ownership.ts). */
export async function getOwnImportJob(db: Db, jobId: number, actor: { id: number; role: RoleName }) {
  const job = await getImportJobSource(db, jobId);
  if (!job) throw new AppError('NOT_FOUND', 'That import does not exist.');
  if (!isCreatorOrAdmin(actor, job.createdById)) throw new AppError('FORBIDDEN', NOT_YOUR_IMPORT);
  return job;
}

/** A waiting upload of the job that `actor` may act on, or the error that says why not. */
export async function getWaitingUpload(db: Db, jobId: number, actor: { id: number; role: RoleName }) {
  const job = await getOwnImportJob(db, jobId, actor);
  if (job.status !== 'QUEUED' || job.confirmedAt !== null || !job.sourcePath) throw new AppError('CONFLICT', NOT_WAITING);
  return { ...job, sourcePath: job.sourcePath };
}

/** Prefixes each field error with where it belongs in the request (`columns.b`). */
function fieldsUnder(prefix: string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [key === 'map' ? 'map' : `${prefix}${key}`, message]));
}

export async function startUploadedImport(
  db: Db,
  user: { id: number; role: RoleName },
  input: StartImportInput,
): Promise<{ jobId: number; map: string | null }> {
  const job = await getWaitingUpload(db, input.jobId, user);
  if (input.map && input.columns)
    throw new AppError('INVALID_INPUT', 'Give the column mapping once: as columns or as map, not both.', {
      fields: { map: 'give columns or map, not both' },
    });
  const format = input.format ?? job.format;
  if (!format)
    throw new AppError('INVALID_INPUT', 'Choose the format of the file.', {
      fields: { format: 'choose the format of the file' },
    });
  let map = input.map ?? null;
  if (isMappedFormat(format)) {
    const checked = await checkUploadMapping(job.sourcePath, job.fileName, format, {
      ...(input.columns ? { columns: input.columns } : {}),
      ...(input.map ? { map: input.map } : {}),
    });
    if (!checked.ok) throw new AppError('INVALID_INPUT', checked.message, { fields: fieldsUnder('columns.', checked.fields) });
    map = checked.map;
  } else if (input.map || input.columns) {
    throw new AppError('INVALID_INPUT', 'A column mapping applies to CSV, TSV and JSON Lines files only.', {
      fields: { map: 'only for CSV, TSV and JSON Lines' },
    });
  }
  const questionsPath = job.options.questionsPath ?? null;
  if (format === 'qa-assessed' && !questionsPath)
    throw new AppError('INVALID_INPUT', 'The qa-assessed format needs its questions file: upload it first.');
  const request = {
    format,
    tier: input.tier ?? null,
    map,
    skipInvalid: input.skipInvalid,
    ...(questionsPath ? { questionsPath, questionsFileName: job.options.questionsFileName ?? null } : {}),
    ...(input.language ? { language: input.language } : {}),
  };
  // The job supervisor beside the web server picks the job up within a second.
  if (!(await confirmUploadedImport(db, job.id, request))) throw new AppError('CONFLICT', NOT_WAITING);
  if (input.language) await setCorpusLanguage(db, job.corpusId, input.language);
  await recordAudit(db, {
    actorId: user.id,
    action: 'import.start',
    targetType: 'import',
    targetId: job.id,
    details: { format: input.format ?? 'detected', ...(map ? { map } : {}) },
  });
  return { jobId: job.id, map };
}
