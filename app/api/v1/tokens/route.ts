/** POST /api/v1/tokens: create an API token of your own (browser session only). Audited. */
import { createApiTokenContract } from '@/lib/api/contracts/accounts';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { createApiToken } from '@/lib/services/accounts/api-tokens';

export const POST = apiRoute(createApiTokenContract, async ({ body, user }) => ({
  status: 201,
  body: await createApiToken(database(), user, body),
}));
