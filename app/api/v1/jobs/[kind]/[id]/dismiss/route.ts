/** POST /api/v1/jobs/{kind}/{id}/dismiss: a failed or cancelled job of a dismissable kind leaves the job lists. Audited. */
import { dismissJobContract } from '@/lib/api/contracts/jobs';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { dismissEndedJob } from '@/lib/services/jobs/dismiss-job';

export const POST = apiRoute(dismissJobContract, async ({ params, user }) => {
  await dismissEndedJob(database(), user, params.kind, params.id);
  return { status: 204 };
});
