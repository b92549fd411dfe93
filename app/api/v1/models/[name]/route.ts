/** GET /api/v1/models/{name}: whether the model is installed and its latest install job (admins); polled by the Models page. */
import { apiRoute } from '@/lib/http/api-route';
import { getModelContract } from '@/lib/api/contracts/models';
import { database } from '@/lib/db/database';
import { gloveStatus, requireInstallableModel } from '@/lib/services/models/load-model-status';

export const GET = apiRoute(getModelContract, async ({ params }) => {
  requireInstallableModel(params.name);
  return { status: 200, body: await gloveStatus(database()) };
});
