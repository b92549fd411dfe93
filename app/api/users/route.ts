/** GET /api/users: the accounts (admins only). */
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { listUsers } from '@/lib/db/users';

export const GET = defineRoute({
  roles: rolesForArea('admin'),
  handler: async () => {
    const users = await listUsers(getDb());
    return { users: users.map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role, isActive: u.isActive })) };
  },
});
