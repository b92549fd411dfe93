/** GET /api/v1/model-endpoints: the endpoints runs can use (researchers, admins); POST: register one (admins; audited). */
import { createModelEndpointContract, listModelEndpointsContract } from '@/lib/api/contracts/model-endpoints';
import { database } from '@/lib/db/database';
import { listEndpoints } from '@/lib/db/model-raters/endpoints';
import { apiRoute } from '@/lib/http/api-route';
import { addEndpoint } from '@/lib/services/model-raters/administer-endpoints';

export const GET = apiRoute(listModelEndpointsContract, async () => ({
  status: 200,
  body: { endpoints: await listEndpoints(database()) },
}));

export const POST = apiRoute(createModelEndpointContract, async ({ body, user }) => ({
  status: 201,
  body: await addEndpoint(database(), user, body),
}));
