/** GET /api/exports/{id}: an export job's status and progress, polled by /exports (its creator only). */
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { getOwnExportJob } from '@/lib/db/exports/export-jobs';
import { parseDbId } from '@/lib/api/db-numbers';

export const GET = defineRoute({
  roles: rolesForArea('explore'),
  handler: async ({ params, user }) => {
    const id = parseDbId(params.id);
    const job = id === null ? null : await getOwnExportJob(database(), id, user.id);
    if (!job) throw new AppError('NOT_FOUND', 'That export does not exist.');
    const { filePath, ...view } = job;
    return { ...view, downloadable: filePath !== null };
  },
});
