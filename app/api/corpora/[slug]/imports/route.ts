/**
 * POST /api/corpora/{slug}/imports?fileName=…: streams an uploaded corpus file to disk (size limit
 * PARALENS_UPLOAD_LIMIT_MB), creates a waiting import job and answers with the detected format,
 * so the researcher can confirm or change it before the import starts. One user may have at most
 * PARALENS_MAX_WAITING_IMPORTS (default 5) uploads waiting or queued; the slot is reserved before
 * the file streams (lib/db/imports/upload-slots.ts), so parallel uploads cannot all pass the count.
 * With `questionsFor=<job id>` the file is the questions file of that waiting qa-assessed upload
 * (docs/import-formats.md#qa-assessed): it is checked, attached to the job and needs no slot; only
 * the upload's creator or an admin may attach it. An instance whose files folder fails its check
 * refuses the upload (503, lib/runtime/files-folder-status.ts); the job records the folder's id.
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { completeUploadSlot, releaseUploadSlot, reserveUploadSlot, touchUploadSlot } from '@/lib/db/imports/upload-slots';
import { recordAudit } from '@/lib/db/accounts/audit';
import { detectUploadFormat } from '@/lib/services/imports/detect-upload';
import { declaredBytes, saveUpload, uploadLimitBytes, waitingImportsLimit } from '@/lib/services/uploads/save-upload';
import { removeFile } from '@/lib/runtime/private-files';
import { dbIdText } from '@/lib/api/db-numbers';
import { attachImportQuestions } from '@/lib/db/imports/import-jobs';
import { checkUploadedQuestions } from '@/lib/services/imports/detect-upload';
import { getWaitingUpload } from '@/lib/services/imports/start-import';
import type { CurrentUser } from '@/lib/auth/session-user';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';

/**
 * The questions file of a waiting qa-assessed upload (the uploader's or an admin's): saved, checked
 * line by line, attached to the job.
 */
async function attachQuestions(
  body: ReadableStream<Uint8Array>,
  corpusId: number,
  jobId: number,
  name: string,
  user: CurrentUser,
) {
  const db = database();
  await getWaitingUpload(db, jobId, user);
  const fileName = name.split(/[\\/]/).at(-1) ?? name;
  const saved = await saveUpload(body, uploadLimitBytes());
  try {
    if (saved.bytes === 0) throw new AppError('INVALID_INPUT', 'The questions file is empty.');
    const check = await checkUploadedQuestions(saved.path, fileName);
    const attached = await attachImportQuestions(db, jobId, corpusId, { path: saved.path, fileName });
    if (!attached.ok)
      throw new AppError('CONFLICT', 'That import is not waiting for its start any more (or belongs to another corpus).');
    await removeFile(attached.previous);
    await recordAudit(db, {
      actorId: user.id,
      action: 'import.questions',
      targetType: 'import',
      targetId: jobId,
      details: { fileName, bytes: saved.bytes },
    });
    return { jobId, fileName, bytes: saved.bytes, ...check };
  } catch (error) {
    await removeFile(saved.path);
    throw error;
  }
}

export const POST = defineRoute({
  roles: rolesForArea('corpora'),
  query: z.object({ fileName: z.string().trim().min(1).max(255), questionsFor: dbIdText.optional() }),
  handler: async ({ request, user, query, params }) => {
    const db = database();
    const corpus = await getCorpusBySlug(db, params.slug ?? '');
    if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
    if (!request.body) throw new AppError('INVALID_INPUT', 'The request has no file.');
    // Refused here, before a byte is stored, when the files folder fails its check (lib/runtime/files-folder.ts).
    const filesFolderId = await requireFilesFolder(db);
    if (query.questionsFor !== undefined)
      return attachQuestions(request.body, corpus.id, query.questionsFor, query.fileName, user);
    const limit = waitingImportsLimit();
    const fileName = query.fileName.split(/[\\/]/).at(-1) ?? query.fileName;
    const jobId = await reserveUploadSlot(db, { corpusId: corpus.id, createdById: user.id, fileName }, limit);
    if (jobId === null) {
      throw new AppError(
        'RATE_LIMITED',
        `You already have ${limit} imports waiting to be started or to run (uploads still arriving count too). Start or discard one of them first.`,
      );
    }
    let saved: { path: string; bytes: number } | null = null;
    try {
      saved = await saveUpload(
        request.body,
        uploadLimitBytes(),
        () => touchUploadSlot(db, jobId),
        undefined,
        declaredBytes(request),
      );
      if (saved.bytes === 0) throw new AppError('INVALID_INPUT', 'The file is empty.');
      const detection = await detectUploadFormat(saved.path, fileName);
      if (
        !(await completeUploadSlot(db, jobId, {
          fileBytes: saved.bytes,
          sourcePath: saved.path,
          format: detection.format,
          filesFolderId,
        }))
      ) {
        throw new AppError('CONFLICT', 'The upload was discarded while it was arriving.');
      }
      await recordAudit(db, {
        actorId: user.id,
        action: 'import.upload',
        targetType: 'corpus',
        targetId: corpus.id,
        details: { fileName, bytes: saved.bytes, jobId },
      });
      return { jobId, fileName, bytes: saved.bytes, ...detection };
    } catch (error) {
      await releaseUploadSlot(db, jobId);
      if (saved) await removeFile(saved.path);
      throw error;
    }
  },
});
