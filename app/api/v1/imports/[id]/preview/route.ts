/**
 * GET /api/v1/imports/{id}/preview: an uploaded file waiting for its start: detected format,
 * columns and first rows (researchers, admins).
 */
import { getImportPreviewContract } from '@/lib/api/contracts/imports';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { detectUploadFormat } from '@/lib/services/imports/detect-upload';
import { getWaitingUpload } from '@/lib/services/imports/start-import';
import { parseTier } from '@/lib/import/tier';

export const GET = apiRoute(getImportPreviewContract, async ({ params, query, user }) => {
  const job = await getWaitingUpload(database(), params.id, user);
  const detection = await detectUploadFormat(job.sourcePath, job.fileName, query.format);
  return {
    status: 200,
    body: {
      jobId: job.id,
      fileName: job.fileName,
      bytes: job.fileBytes,
      ...detection,
      tier: detection.tier === null ? null : parseTier(detection.tier),
    },
  };
});
