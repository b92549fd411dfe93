/**
 * POST /api/v1/mining-runs/{id}/cancel: a waiting run is cancelled, a running one stops after the
 * chunks in progress. Audited.
 */
import { apiRoute } from '@/lib/http/api-route';
import { cancelMiningRunContract } from '@/lib/api/contracts/mining';
import { database } from '@/lib/db/database';
import { cancelWebMining } from '@/lib/services/mining/queue-mining-run';

export const POST = apiRoute(cancelMiningRunContract, async ({ params, user }) => ({
  status: 202,
  body: await cancelWebMining(database(), user, params.id),
}));
