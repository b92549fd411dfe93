/** GET /api/v1/mining-runs/{id}: one run's status, progress and funnel, polled by the mining page. */
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { getMiningRunContract } from '@/lib/api/contracts/mining';
import { database } from '@/lib/db/database';
import { getMiningRun } from '@/lib/db/mining/mining-run-views';

export const GET = apiRoute(getMiningRunContract, async ({ params }) => {
  const run = await getMiningRun(database(), params.id);
  if (!run) throw new AppError('NOT_FOUND', 'That mining run does not exist.');
  return { status: 200, body: run };
});
