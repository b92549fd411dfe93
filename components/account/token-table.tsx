import type { ApiTokenView } from '@/lib/db/accounts/api-tokens';
import { RevokeTokenButton } from './revoke-token-button';

export interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  state: 'active' | 'expired' | 'revoked';
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Plain rows for the table, with each token's state as of this request. */
export function tokenRows(tokens: ApiTokenView[], now = new Date()): TokenRow[] {
  return tokens.map((t) => ({
    ...t,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: iso(t.lastUsedAt),
    expiresAt: iso(t.expiresAt),
    revokedAt: iso(t.revokedAt),
    state: t.revokedAt ? 'revoked' : t.expiresAt && t.expiresAt <= now ? 'expired' : 'active',
  }));
}

const when = (iso: string | null, otherwise: string) =>
  iso ? new Date(iso).toLocaleString('en', { timeZone: 'UTC' }) + ' UTC' : otherwise;

/**
 * A user's tokens: never the secret, only its first characters to recognise it. With `owner`, an
 * admin looks at another user's tokens (Admin › Users) and revokes them on that user's behalf.
 */
export function TokenTable({ tokens, owner }: { tokens: TokenRow[]; owner?: { id: number; email: string } }) {
  return (
    <table className="data" aria-label="API tokens">
      <thead>
        <tr>
          <th>Name</th>
          <th>Starts with</th>
          <th>Created</th>
          <th>Last used</th>
          <th>Expires</th>
          <th>State</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {tokens.map((t) => {
          const state = t.state === 'revoked' ? `revoked ${when(t.revokedAt, '')}` : t.state;
          return (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td>
                <code>{t.prefix}…</code>
              </td>
              <td className="small">{when(t.createdAt, '')}</td>
              <td className="small">{when(t.lastUsedAt, 'never')}</td>
              <td className="small">{when(t.expiresAt, 'never')}</td>
              <td className="small">{state}</td>
              <td>{t.state === 'active' && <RevokeTokenButton tokenId={t.id} name={t.name} owner={owner} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
