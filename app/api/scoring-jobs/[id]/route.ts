/** GET /api/scoring-jobs/{id}: a scoring job's status and progress, polled by the corpus page. */
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { getScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { parseDbId } from '@/lib/api/db-numbers';

export const GET = defineRoute({
  roles: rolesForArea('corpora'),
  handler: async ({ params }) => {
    const id = parseDbId(params.id);
    const job = id === null ? null : await getScoringJob(database(), id);
    if (!job) throw new AppError('NOT_FOUND', 'That scoring job does not exist.');
    return job;
  },
});
