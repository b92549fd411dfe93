/** GET /api/imports/{id}: an import job's status and progress, polled by the corpus page. */
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { getImportJob } from '@/lib/db/import-jobs';

export const dynamic = 'force-dynamic';

export const GET = defineRoute({
  roles: rolesForArea('corpora'),
  handler: async ({ params }) => {
    const id = Number(params.id);
    const job = Number.isInteger(id) ? await getImportJob(getDb(), id) : null;
    if (!job) throw new AppError('NOT_FOUND', 'That import does not exist.');
    const { rejectsPath, ...view } = job;
    return { ...view, hasRejects: rejectsPath !== null };
  },
});
