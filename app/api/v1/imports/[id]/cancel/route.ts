/**
 * POST /api/v1/imports/{id}/cancel: cancel an import or discard an upload never started (its uploader
 * or an admin); the same as POST /api/v1/jobs/import/{id}/cancel (lib/services/imports/cancel-import.ts). Audited.
 */
import { cancelImportContract } from '@/lib/api/contracts/imports';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { cancelImport } from '@/lib/services/imports/cancel-import';

export const POST = apiRoute(cancelImportContract, async ({ params, user }) => ({
  status: 200,
  body: await cancelImport(database(), user, params.id),
}));
