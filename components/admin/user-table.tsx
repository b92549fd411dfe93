import Link from 'next/link';
import { roleLabels, type RoleName } from '@/lib/access/roles';
import { UserRowActions } from './user-row-actions';
import { scrollArea } from '@/components/ui/scroll-area';

export interface UserTableRow {
  id: number;
  email: string;
  name: string;
  role: RoleName;
  isActive: boolean;
  lastLoginAt: string | null;
  /** usable API tokens */
  activeTokens: number;
}

const activeTokens = (n: number) => (n === 0 ? 'none active' : `${n} active`);

export function UserTable({ users, currentUserId }: { users: UserTableRow[]; currentUserId: number }) {
  return (
    <div className="table-scroll" {...scrollArea('Users')}>
      <table className="data" aria-label="Users">
        <thead>
          <tr>
            <th>Email</th>
            <th>Name</th>
            <th>Role</th>
            <th>Status</th>
            <th>Last sign-in</th>
            <th>API tokens</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.email}</td>
              <td>{u.name}</td>
              <td>{roleLabels[u.role]}</td>
              <td>{u.isActive ? 'active' : 'deactivated'}</td>
              <td className="small">{u.lastLoginAt ? new Date(u.lastLoginAt).toLocaleString('en') : 'never'}</td>
              <td className="small">
                <Link
                  href={`/admin/users/${u.id}/tokens`}
                  aria-label={`${activeTokens(u.activeTokens)}: API tokens of ${u.email}`}
                >
                  {activeTokens(u.activeTokens)}
                </Link>
              </td>
              <td>
                <UserRowActions user={u} isSelf={u.id === currentUserId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
