/**
 * POST /api/v1/campaigns/{id}/annotations/file: labels collected elsewhere from a file's text, all
 * or nothing, optionally creating missing pairs (researchers, admins; lib/services/campaigns/import-annotation-file.ts).
 */
import { importAnnotationFileContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { importAnnotationFile } from '@/lib/services/campaigns/import-annotation-file';

export const POST = apiRoute(importAnnotationFileContract, async ({ params, body, user }) => ({
  status: 200,
  body: await importAnnotationFile(database(), user, params.id, body),
}));
