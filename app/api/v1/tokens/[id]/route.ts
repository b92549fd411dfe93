/** DELETE /api/v1/tokens/{id}: revoke one of your own API tokens (browser session only). Audited. */
import { revokeApiTokenContract } from '@/lib/api/contracts/accounts';
import { getDb } from '@/lib/db/client';
import { apiRoute } from '@/lib/http/api-route';
import { revokeOwnApiToken } from '@/lib/services/accounts/api-tokens';

export const DELETE = apiRoute(revokeApiTokenContract, async ({ params, user }) => ({
  status: 200,
  body: await revokeOwnApiToken(getDb(), user, params.id),
}));
