/** GET /api/v1/mining-runs/{id}: one run's status, progress and funnel, polled by the mining page. */
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { getMiningRun } from '@/lib/db/mining-runs';

export const dynamic = 'force-dynamic';

export const GET = defineRoute({
  roles: rolesForArea('mining'),
  handler: async ({ params }) => {
    const id = Number(params.id);
    const run = Number.isInteger(id) && id > 0 ? await getMiningRun(getDb(), id) : null;
    if (!run) throw new AppError('NOT_FOUND', 'That mining run does not exist.');
    return run;
  },
});
