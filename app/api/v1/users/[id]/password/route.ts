/** POST /api/v1/users/{id}/password: reset an account's password (admins, browser session only). Audited. */
import { resetUserPasswordContract } from '@/lib/api/contracts/accounts';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { resetAccountPassword } from '@/lib/services/accounts/administer-accounts';

export const POST = apiRoute(resetUserPasswordContract, async ({ params, body, user: admin }) => {
  const { user, temporaryPassword, tokensRevoked } = await resetAccountPassword(database(), params.id, body.password, admin);
  return { status: 200, body: { email: user.email, temporaryPassword, tokensRevoked } };
});
