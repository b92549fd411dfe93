/** DELETE /api/v1/tokens/{id}: revoke one of your own API tokens (browser session only). Audited. */
import { revokeApiTokenContract } from '@/lib/api/contracts/accounts';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { revokeOwnApiToken } from '@/lib/services/accounts/api-tokens';

export const DELETE = apiRoute(revokeApiTokenContract, async ({ params, user }) => ({
  status: 200,
  body: await revokeOwnApiToken(database(), user, params.id),
}));
