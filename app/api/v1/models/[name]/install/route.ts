/**
 * POST /api/v1/models/{name}/install: queue an install job (admins; lib/services/models/queue-model-install.ts);
 * the job supervisor downloads and converts the model.
 */
import { apiRoute } from '@/lib/http/api-route';
import { installModelContract } from '@/lib/api/contracts/models';
import { database } from '@/lib/db/database';
import { queueModelInstallJob } from '@/lib/services/models/queue-model-install';

export const POST = apiRoute(installModelContract, async ({ params, user }) => {
  const { created, job } = await queueModelInstallJob(database(), user, params.name);
  return { status: created ? 202 : 200, body: job };
});
