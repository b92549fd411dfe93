/** POST /api/v1/model-runs/{id}/cancel: cancel a waiting run, or ask a running one to stop (researchers, admins; audited). */
import { cancelModelRunContract } from '@/lib/api/contracts/model-runs';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { cancelModelRun } from '@/lib/services/model-raters/start-model-run';

export const POST = apiRoute(cancelModelRunContract, async ({ params, user }) => ({
  status: 202,
  body: await cancelModelRun(database(), user, Number(params.id)),
}));
