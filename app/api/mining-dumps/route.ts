/**
 * POST /api/mining-dumps?fileName=…: streams an uploaded dump into `uploads/` of the dumps folder
 * (PARALENS_DUMPS_DIR; size limit PARALENS_UPLOAD_LIMIT_MB), where the Mining page lists it; a file
 * that is neither bz2 nor XML is refused and removed (researchers, admins; audited). The body is a
 * file, not JSON, so this is beside /api/v1 like the corpus upload.
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { saveUpload, uploadLimitBytes } from '@/lib/jobs/uploads';
import { saveUploadedDump } from '@/lib/jobs/mining/dumps-folder';

export const POST = defineRoute({
  roles: rolesForArea('mining'),
  query: z.object({ fileName: z.string().trim().min(1).max(255) }),
  handler: async ({ request, user, query }) => {
    if (!request.body) throw new AppError('INVALID_INPUT', 'The request has no file.');
    const dump = await saveUploadedDump(request.body, query.fileName, (body, target) =>
      saveUpload(body, uploadLimitBytes(), undefined, target),
    );
    await recordAudit(getDb(), {
      actorId: user.id,
      action: 'mining.upload',
      targetType: 'dump',
      targetId: dump.name,
      details: { bytes: dump.bytes },
    });
    return dump;
  },
});
