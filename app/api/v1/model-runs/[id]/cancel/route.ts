/** POST /api/v1/model-runs/{id}/cancel: cancel a waiting run, or ask a running one to stop (researchers, admins; audited). */
import { cancelModelRunContract } from '@/lib/api/contracts/model-runs';
import { getDb } from '@/lib/db/client';
import { apiRoute } from '@/lib/http/api-route';
import { cancelModelRun } from '@/lib/services/model-raters/start-model-run';

export const POST = apiRoute(cancelModelRunContract, async ({ params, user }) => ({
  status: 202,
  body: await cancelModelRun(getDb(), user, Number(params.id)),
}));
