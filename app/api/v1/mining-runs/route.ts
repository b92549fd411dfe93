/** GET /api/v1/mining-runs: the newest mining runs with progress and funnel (researchers, admins). */
import { apiRoute } from '@/lib/http/api-route';
import { listMiningRunsContract } from '@/lib/api/contracts/mining';
import { getDb } from '@/lib/db/client';
import { listMiningRuns } from '@/lib/db/mining-runs';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(listMiningRunsContract, async () => ({ status: 200, body: { runs: await listMiningRuns(getDb(), 50) } }));
