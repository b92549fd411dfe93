/** POST /api/v1/users: create an account (admins, browser session only). Audited. */
import { createUserContract } from '@/lib/api/contracts/accounts';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { createAccount } from '@/lib/services/accounts/administer-accounts';

export const POST = apiRoute(createUserContract, async ({ body, user: admin }) => {
  const { user, temporaryPassword } = await createAccount(database(), body, admin);
  return { status: 201, body: { email: user.email, temporaryPassword } };
});
