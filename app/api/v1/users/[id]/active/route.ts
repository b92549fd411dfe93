/** PUT /api/v1/users/{id}/active: deactivate or activate an account (admins, browser session only). Audited. */
import { setUserActiveContract } from '@/lib/api/contracts/accounts';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { setAccountActive } from '@/lib/services/accounts/administer-accounts';

export const PUT = apiRoute(setUserActiveContract, async ({ params, body, user: admin }) => {
  const { user, tokensRevoked } = await setAccountActive(database(), params.id, body.isActive, admin);
  return { status: 200, body: { isActive: user.isActive, tokensRevoked } };
});
