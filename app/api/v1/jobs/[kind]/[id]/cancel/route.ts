/** POST /api/v1/jobs/{kind}/{id}/cancel: cancel a waiting job, or ask a running one to stop, of any cancellable kind. Audited. */
import { cancelJobContract } from '@/lib/api/contracts/jobs';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { cancelJob } from '@/lib/services/jobs/cancel-job';

export const POST = apiRoute(cancelJobContract, async ({ params, user }) => ({
  status: 200,
  body: await cancelJob(database(), user, params.kind, params.id),
}));
