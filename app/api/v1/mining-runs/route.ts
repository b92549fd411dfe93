/** GET /api/v1/mining-runs: the newest mining runs with progress and funnel (researchers, admins). */
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { listMiningRuns } from '@/lib/db/mining-runs';

export const dynamic = 'force-dynamic';

export const GET = defineRoute({
  roles: rolesForArea('mining'),
  handler: async () => ({ runs: await listMiningRuns(getDb(), 50) }),
});
