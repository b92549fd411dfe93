/** POST /api/v1/users: create an account (admins, browser session only). Audited. */
import { createUserContract } from '@/lib/api/contracts/accounts';
import { getDb } from '@/lib/db/client';
import { apiRoute } from '@/lib/http/api-route';
import { createAccount } from '@/lib/services/accounts/administer-accounts';

export const POST = apiRoute(createUserContract, async ({ body, user: admin }) => {
  const { user, temporaryPassword } = await createAccount(getDb(), body, admin);
  return { status: 201, body: { email: user.email, temporaryPassword } };
});
