/**
 * POST /api/mining-dumps?fileName=…: streams an uploaded dump into `uploads/` of the dumps folder
 * (PARALENS_DUMPS_DIR; size limit PARALENS_UPLOAD_LIMIT_MB), where the Mining page lists it; a file
 * that is neither bz2 nor XML is refused and removed, and so is a name already taken or still
 * arriving, or an upload over the user's quota (lib/services/mining/upload-dump.ts; researchers, admins;
 * audited). An instance whose files folder fails its check refuses it (503). The body is a file, not
 * JSON, so this is beside /api/v1 like the corpus upload.
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { declaredBytes } from '@/lib/services/uploads/save-upload';
import { uploadDump } from '@/lib/services/mining/upload-dump';

export const POST = defineRoute({
  roles: rolesForArea('mining'),
  query: z.object({ fileName: z.string().trim().min(1).max(255) }),
  handler: async ({ request, user, query }) => {
    if (!request.body) throw new AppError('INVALID_INPUT', 'The request has no file.');
    return uploadDump(database(), user, { body: request.body, fileName: query.fileName, declaredBytes: declaredBytes(request) });
  },
});
