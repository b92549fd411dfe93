import { signOutAction } from '@/lib/actions/session';

/** Who is signed in, sign-out and the account's links (the role is shown beside the brand). */
export function AccountPanel({ name, email }: { name: string; email: string }) {
  return (
    <div className="account stack">
      <div>
        <div>{name}</div>
        <div className="small">{email}</div>
      </div>
      <form action={signOutAction}>
        <button type="submit" className="link">
          Sign out
        </button>
      </form>
      <a href="/account/tokens" className="small">
        API tokens
      </a>
      <a href="/about" className="small">
        About &amp; data sources
      </a>
    </div>
  );
}
