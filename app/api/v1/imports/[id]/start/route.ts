/**
 * POST /api/v1/imports/{id}/start: start an uploaded import; a generic file's column mapping is
 * checked against the file first (researchers, admins).
 */
import { startImportContract } from '@/lib/api/contracts/imports';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { startUploadedImport } from '@/lib/services/imports/start-import';

export const POST = apiRoute(startImportContract, async ({ params, body, user }) => {
  const started = await startUploadedImport(database(), user, { ...body, jobId: params.id });
  return { status: 202, body: started };
});
