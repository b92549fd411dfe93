import { signOutAction } from '@/lib/actions/session';
import { roleLabels, type RoleName } from '@/lib/access/roles';

export function AccountPanel({ name, email, role }: { name: string; email: string; role: RoleName }) {
  return (
    <div className="account stack">
      <div>
        <div>{name}</div>
        <div className="small">{email}</div>
        <span className="role" data-testid="current-role">
          {roleLabels[role]}
        </span>
      </div>
      <form action={signOutAction}>
        <button type="submit" className="link">
          Sign out
        </button>
      </form>
      <a href="/account/tokens" className="small" style={{ color: '#b8c4e6' }}>
        API tokens
      </a>
      <a href="/about" className="small" style={{ color: '#b8c4e6' }}>
        About &amp; data sources
      </a>
    </div>
  );
}
