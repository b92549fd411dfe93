/** GET /api/v1/model-endpoints/{id}/models: the models the server lists, for the run form (researchers, admins). */
import { listEndpointModelsContract } from '@/lib/api/contracts/model-endpoints';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { endpointModels } from '@/lib/services/model-raters/administer-endpoints';

export const GET = apiRoute(listEndpointModelsContract, async ({ params }) => ({
  status: 200,
  body: await endpointModels(database(), params.id),
}));
