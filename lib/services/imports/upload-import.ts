/**
 * An uploaded corpus file (`POST /api/corpora/{slug}/imports`): streamed to disk under the size
 * limit (PARALENS_UPLOAD_LIMIT_MB), a waiting import job made for it and its format detected, so
 * the researcher can confirm or change the format before the import starts. One user may have at
 * most PARALENS_MAX_WAITING_IMPORTS uploads waiting or queued; the slot is reserved before the file
 * streams (lib/db/imports/upload-slots.ts), so parallel uploads cannot all pass the count. With
 * `questionsFor` the file is the questions file of that waiting qa-assessed upload
 * (docs/import-formats.md#qa-assessed): checked, attached to the job, needing no slot; only the
 * upload's creator or an admin may attach it. An instance whose files folder fails its check
 * refuses the upload (503, lib/runtime/files-folder-status.ts); the job records the folder's id.
 * Both are audited as the user; a refused file is removed and its slot given back.
 */
import type { RoleName } from '@/lib/access/roles';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { attachImportQuestions } from '@/lib/db/imports/import-jobs';
import { completeUploadSlot, releaseUploadSlot, reserveUploadSlot, touchUploadSlot } from '@/lib/db/imports/upload-slots';
import { AppError } from '@/lib/errors/app-error';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';
import { removeFile } from '@/lib/runtime/private-files';
import { saveUpload, uploadLimitBytes, waitingImportsLimit } from '../uploads/save-upload';
import { checkUploadedQuestions, detectUploadFormat, type UploadDetection } from './detect-upload';
import { getWaitingUpload } from './start-import';

export interface ImportUpload {
  corpusSlug: string;
  /** the request's body; null when it has none */
  body: ReadableStream<Uint8Array> | null;
  /** as the client names it; only its last part is kept */
  fileName: string;
  /** the id of the waiting qa-assessed upload this file is the questions file of */
  questionsFor?: number | undefined;
  /** the size the client declared (Content-Length), for the message of a full disk */
  declaredBytes?: number | undefined;
}

type User = { id: number; role: RoleName };

export type FileUpload = { jobId: number; fileName: string; bytes: number } & UploadDetection;

export interface QuestionsUpload {
  jobId: number;
  fileName: string;
  bytes: number;
  questions: number;
}

const baseName = (name: string) => name.split(/[\\/]/).at(-1) ?? name;

export async function uploadImportFile(db: Db, user: User, upload: ImportUpload): Promise<FileUpload | QuestionsUpload> {
  const corpus = await getCorpusBySlug(db, upload.corpusSlug);
  if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
  const { body } = upload;
  if (!body) throw new AppError('INVALID_INPUT', 'The request has no file.');
  // Refused here, before a byte is stored, when the files folder fails its check (lib/runtime/files-folder.ts).
  const filesFolderId = await requireFilesFolder(db);
  if (upload.questionsFor !== undefined) return attachQuestions(db, user, body, corpus.id, upload.questionsFor, upload.fileName);
  const limit = waitingImportsLimit();
  const fileName = baseName(upload.fileName);
  const jobId = await reserveUploadSlot(db, { corpusId: corpus.id, createdById: user.id, fileName }, limit);
  if (jobId === null) {
    throw new AppError(
      'RATE_LIMITED',
      `You already have ${limit} imports waiting to be started or to run (uploads still arriving count too). Start or discard one of them first.`,
    );
  }
  let saved: { path: string; bytes: number } | null = null;
  try {
    const onAlive = () => touchUploadSlot(db, jobId);
    saved = await saveUpload(body, uploadLimitBytes(), onAlive, undefined, upload.declaredBytes);
    if (saved.bytes === 0) throw new AppError('INVALID_INPUT', 'The file is empty.');
    const detection = await detectUploadFormat(saved.path, fileName);
    const file = { fileBytes: saved.bytes, sourcePath: saved.path, format: detection.format, filesFolderId };
    if (!(await completeUploadSlot(db, jobId, file)))
      throw new AppError('CONFLICT', 'The upload was discarded while it was arriving.');
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
}

/** The questions file of a waiting qa-assessed upload (the uploader's or an admin's): saved, checked line by line, attached. */
async function attachQuestions(
  db: Db,
  user: User,
  body: ReadableStream<Uint8Array>,
  corpusId: number,
  jobId: number,
  name: string,
): Promise<QuestionsUpload> {
  await getWaitingUpload(db, jobId, user);
  const fileName = baseName(name);
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
