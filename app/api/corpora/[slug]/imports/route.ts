/**
 * POST /api/corpora/{slug}/imports?fileName=…: streams an uploaded corpus file to disk (size limit
 * PARALENS_UPLOAD_LIMIT_MB), creates a waiting import job and answers with the detected format,
 * so the researcher can confirm or change it before the import starts. One user may have at most
 * PARALENS_MAX_WAITING_IMPORTS (default 5) uploads waiting or queued; the slot is reserved before
 * the file streams (lib/db/upload-slots.ts), so parallel uploads cannot all pass the count.
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { getCorpusBySlug } from '@/lib/db/corpora';
import { completeUploadSlot, releaseUploadSlot, reserveUploadSlot, touchUploadSlot } from '@/lib/db/upload-slots';
import { recordAudit } from '@/lib/db/audit';
import { detectUploadFormat } from '@/lib/jobs/detect-upload';
import { saveUpload, uploadLimitBytes, waitingImportsLimit } from '@/lib/jobs/uploads';
import { removeFile } from '@/lib/jobs/private-files';

export const dynamic = 'force-dynamic';

export const POST = defineRoute({
  roles: rolesForArea('corpora'),
  query: z.object({ fileName: z.string().trim().min(1).max(255) }),
  handler: async ({ request, user, query, params }) => {
    const db = getDb();
    const corpus = await getCorpusBySlug(db, params.slug ?? '');
    if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
    if (!request.body) throw new AppError('INVALID_INPUT', 'The request has no file.');
    const limit = waitingImportsLimit();
    const fileName = query.fileName.split(/[\\/]/).at(-1) ?? query.fileName;
    const jobId = await reserveUploadSlot(db, { corpusId: corpus.id, createdById: user.id, fileName }, limit);
    if (jobId === null) {
      throw new AppError('RATE_LIMITED', `You already have ${limit} imports waiting to be started or to run (uploads still arriving count too). Start or discard one of them first.`);
    }
    let saved: { path: string; bytes: number } | null = null;
    try {
      saved = await saveUpload(request.body, uploadLimitBytes(), () => touchUploadSlot(db, jobId));
      if (saved.bytes === 0) throw new AppError('INVALID_INPUT', 'The file is empty.');
      const detection = await detectUploadFormat(saved.path, fileName);
      if (!(await completeUploadSlot(db, jobId, { fileBytes: saved.bytes, sourcePath: saved.path, format: detection.format }))) {
        throw new AppError('CONFLICT', 'The upload was discarded while it was arriving.');
      }
      await recordAudit(db, { actorId: user.id, action: 'import.upload', targetType: 'corpus', targetId: corpus.id, details: { fileName, bytes: saved.bytes, jobId } });
      return { jobId, fileName, bytes: saved.bytes, ...detection };
    } catch (error) {
      await releaseUploadSlot(db, jobId);
      if (saved) await removeFile(saved.path);
      throw error;
    }
  },
});
