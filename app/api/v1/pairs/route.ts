/** GET /api/v1/pairs: the explorer's filter as an API, one keyset page at a time (docs/api.md#pairs). */
import { listPairs } from '@/lib/api/contracts/pairs';
import { apiRoute } from '@/lib/http/api-route';
import { countPairs, listPairPage } from '@/lib/db/pair-list';
import { getSqlPool } from '@/lib/db/sql-pool';

export const GET = apiRoute(listPairs, async ({ query }) => {
  const pool = getSqlPool();
  const [page, total] = await Promise.all([listPairPage(pool, query.filter), query.count ? countPairs(pool, query.filter) : Promise.resolve(undefined)]);
  return { status: 200, body: { pairs: page.rows, nextCursor: page.nextCursor, ...(total === undefined ? {} : { total }) } };
});
