/** GET /api/imports/{id}: an import job's status and progress, polled by the corpus page. */
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { getImportJob } from '@/lib/db/imports/import-job-views';
import { parseDbId } from '@/lib/api/db-numbers';

export const GET = defineRoute({
  roles: rolesForArea('corpora'),
  handler: async ({ params }) => {
    const id = parseDbId(params.id);
    const job = id === null ? null : await getImportJob(database(), id);
    if (!job) throw new AppError('NOT_FOUND', 'That import does not exist.');
    const { rejectsPath, ...view } = job;
    return { ...view, hasRejects: rejectsPath !== null };
  },
});
