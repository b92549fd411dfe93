/** GET/PATCH/DELETE /api/v1/model-endpoints/{id}: one endpoint (GET: researchers, admins; changes: admins, audited). */
import {
  deleteModelEndpointContract,
  getModelEndpointContract,
  updateModelEndpointContract,
} from '@/lib/api/contracts/model-endpoints';
import { database } from '@/lib/db/database';
import { getEndpoint } from '@/lib/db/model-raters/endpoints';
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { changeEndpoint, removeEndpoint } from '@/lib/services/model-raters/administer-endpoints';

export const GET = apiRoute(getModelEndpointContract, async ({ params }) => {
  const endpoint = await getEndpoint(database(), params.id);
  if (!endpoint) throw new AppError('NOT_FOUND', 'That model endpoint does not exist.');
  return { status: 200, body: endpoint };
});

export const PATCH = apiRoute(updateModelEndpointContract, async ({ params, body, user }) => ({
  status: 200,
  body: await changeEndpoint(database(), user, params.id, body),
}));

export const DELETE = apiRoute(deleteModelEndpointContract, async ({ params, user }) => {
  await removeEndpoint(database(), user, params.id);
  return { status: 204 };
});
