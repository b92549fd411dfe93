/** POST /api/v1/jobs/{kind}/{id}/dismiss: a failed or cancelled import, scoring or export job leaves the job lists. Audited. */
import { dismissJobContract } from '@/lib/api/contracts/tidy';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { dismissEndedJob } from '@/lib/services/tidy/tidy-entries';

export const POST = apiRoute(dismissJobContract, async ({ params, user }) => {
  await dismissEndedJob(database(), user, params.kind, params.id);
  return { status: 204 };
});
