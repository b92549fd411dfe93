/** GET /api/v1/campaigns/{id}/next: the pair the caller holds, or a newly claimed one; 204 when none is left. */
import { nextPair } from '@/lib/api/contracts/campaigns';
import { apiRoute } from '@/lib/http/api-route';
import { getNextPair } from '@/lib/db/assignments';
import { getSqlPool } from '@/lib/db/sql-pool';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(nextPair, async ({ params, user }) => {
  const next = await getNextPair(getSqlPool(), parseCampaignRef(params.id), user.id);
  if (next.kind === 'none') return { status: 204 };
  const { swapped: _swapped, ...pair } = next.pair;
  return { status: 200, body: pair };
});
