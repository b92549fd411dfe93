/** GET /api/v1/model-endpoints/{id}/models: the models the server lists, for the run form (researchers, admins). */
import { listEndpointModelsContract } from '@/lib/api/contracts/model-endpoints';
import { getDb } from '@/lib/db/client';
import { apiRoute } from '@/lib/http/api-route';
import { endpointModels } from '@/lib/services/model-raters/administer-endpoints';

export const GET = apiRoute(listEndpointModelsContract, async ({ params }) => ({
  status: 200,
  body: await endpointModels(getDb(), params.id),
}));
