/** PUT /api/v1/users/{id}/role: set an account's role (admins, browser session only). Audited. */
import { setUserRoleContract } from '@/lib/api/contracts/accounts';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { setAccountRole } from '@/lib/services/accounts/administer-accounts';

export const PUT = apiRoute(setUserRoleContract, async ({ params, body, user: admin }) => {
  const user = await setAccountRole(database(), params.id, body.role, admin);
  return { status: 200, body: { role: user.role } };
});
