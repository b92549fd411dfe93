/** DELETE /api/v1/users/{id}/tokens/{tokenId}: revoke any user's API token (admins, browser session only). Audited. */
import { revokeUserApiTokenContract } from '@/lib/api/contracts/accounts';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { revokeUserApiToken } from '@/lib/services/accounts/api-tokens';

export const DELETE = apiRoute(revokeUserApiTokenContract, async ({ params, user: admin }) => ({
  status: 200,
  body: await revokeUserApiToken(database(), admin, params.id, params.tokenId),
}));
