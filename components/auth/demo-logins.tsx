import { roleLabels, type RoleName } from '@/lib/access/roles';

interface DemoLoginsProps {
  users: ReadonlyArray<{ email: string; role: RoleName }>;
  password: string;
}

/** Shown on the login page only in demo mode (embedded database). */
export function DemoLogins({ users, password }: DemoLoginsProps) {
  return (
    <section className="demo-logins" aria-label="Demo accounts">
      <h2>Demo accounts</h2>
      <p className="muted small">
        This is the demo database. Every demo account uses the password <code>{password}</code>.
      </p>
      <table>
        <tbody>
          {users.map((u) => (
            <tr key={u.email}>
              <td>{roleLabels[u.role]}</td>
              <td>
                <code>{u.email}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
