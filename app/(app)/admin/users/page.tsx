import type { Metadata } from 'next';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listUsers } from '@/lib/db/accounts/users';
import { countUsableApiTokens } from '@/lib/db/accounts/api-tokens';
import { PageHeader } from '@/components/ui/page-header';
import { CreateUserForm } from '@/components/admin/create-user-form';
import { UserTable } from '@/components/admin/user-table';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const admin = await requireArea('admin');
  const db = database();
  const [users, tokenCounts] = await Promise.all([listUsers(db), countUsableApiTokens(db)]);
  return (
    <>
      <PageHeader title="Users" description="Create accounts, set roles, reset passwords, see and revoke API tokens." />
      <CreateUserForm />
      <h2>Accounts</h2>
      <UserTable
        currentUserId={admin.id}
        users={users.map((u) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          role: u.role,
          isActive: u.isActive,
          lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
          activeTokens: tokenCounts.get(u.id) ?? 0,
        }))}
      />
    </>
  );
}
