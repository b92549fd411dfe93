/** POST /api/v1/mining-runs/{id}/resume: a failed or cancelled run is queued again and continues where it stopped. Audited. */
import { apiRoute } from '@/lib/http/api-route';
import { resumeMiningRunContract } from '@/lib/api/contracts/mining';
import { database } from '@/lib/db/database';
import { resumeWebMining } from '@/lib/services/mining/queue-mining-run';

export const POST = apiRoute(resumeMiningRunContract, async ({ params, user }) => ({
  status: 202,
  body: await resumeWebMining(database(), user, params.id),
}));
