/**
 * GET /api/v1/mining-runs: the newest mining runs with progress and funnel; POST: start a run on a
 * dump of the dumps folder (researchers, admins; audited).
 */
import { apiRoute } from '@/lib/http/api-route';
import { listMiningRunsContract, startMiningRunContract } from '@/lib/api/contracts/mining';
import { database } from '@/lib/db/database';
import { listMiningRuns } from '@/lib/db/mining/mining-run-views';
import { startWebMining } from '@/lib/services/mining/queue-mining-run';

export const GET = apiRoute(listMiningRunsContract, async () => ({
  status: 200,
  body: { runs: await listMiningRuns(database(), 50) },
}));

export const POST = apiRoute(startMiningRunContract, async ({ body, user }) => ({
  status: 202,
  body: await startWebMining(database(), user, body),
}));
