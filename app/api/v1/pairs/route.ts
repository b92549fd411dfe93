/** GET /api/v1/pairs: the explorer's filter as an API, one keyset page at a time (docs/api.md#pairs). */
import { listPairsContract } from '@/lib/api/contracts/pairs';
import { apiRoute } from '@/lib/http/api-route';
import { AppError, isAppError } from '@/lib/errors/app-error';
import { countPairsForPage, listPairPage } from '@/lib/db/pairs/pair-list';
import { database } from '@/lib/db/database';

/** Unknown corpus or campaign slugs: named like the schema's own 400s (`query.corpus`). */
function asQueryError(error: unknown): unknown {
  if (!isAppError(error) || error.code !== 'INVALID_INPUT') return error;
  const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return new AppError('INVALID_INPUT', error.message, {
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`query.${k}`, v])),
  });
}

export const GET = apiRoute(listPairsContract, async ({ query }) => {
  const db = database();
  try {
    const [page, total] = await Promise.all([
      listPairPage(db, query.filter),
      query.count ? countPairsForPage(db, query.filter) : Promise.resolve(undefined),
    ]);
    return {
      status: 200,
      body: {
        pairs: page.rows,
        nextCursor: page.nextCursor,
        ...(total === undefined ? {} : { total: total.value, totalEstimated: total.estimated }),
      },
    };
  } catch (error) {
    throw asQueryError(error);
  }
});
