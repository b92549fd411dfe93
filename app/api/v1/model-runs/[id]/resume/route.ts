/** POST /api/v1/model-runs/{id}/resume: a failed or cancelled run waits again and continues (researchers, admins; audited). */
import { resumeModelRunContract } from '@/lib/api/contracts/model-runs';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { resumeStoppedModelRun } from '@/lib/services/model-raters/start-model-run';

export const POST = apiRoute(resumeModelRunContract, async ({ params, user }) => ({
  status: 202,
  body: await resumeStoppedModelRun(database(), user, Number(params.id)),
}));
