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

const when = (iso: string | null, otherwise: string) => (iso ? new Date(iso).toLocaleString('en', { timeZone: 'UTC' }) + ' UTC' : otherwise);

/** The user's tokens: never the secret, only its first characters to recognise it. */
export function TokenTable({ tokens }: { tokens: TokenRow[] }) {
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
              <td>{t.state === 'active' && <RevokeTokenButton tokenId={t.id} name={t.name} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
