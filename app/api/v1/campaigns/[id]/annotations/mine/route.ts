/** GET /api/v1/campaigns/{id}/annotations/mine: the caller's own answers, newest first, with their history. */
import { myAnnotationsContract } from '@/lib/api/contracts/annotations';
import { apiRoute } from '@/lib/http/api-route';
import { listMyAnnotations } from '@/lib/db/annotations/annotation-reads';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(myAnnotationsContract, async ({ params, query, user }) => ({
  status: 200,
  body: await listMyAnnotations(database(), parseCampaignRef(params.id), user.id, {
    limit: query.limit,
    ...(query.before === undefined ? {} : { before: query.before }),
  }),
}));
