'use client';
import { useState, useTransition } from 'react';
import { revokeApiTokenAction } from '@/lib/actions/tokens';
import { revokeUserApiTokenAction } from '@/lib/actions/users';

/**
 * Revokes one token: the user's own, or, with `owner`, another user's token by an admin (after a
 * confirmation, since the admin is stopping someone else's scripts).
 */
export function RevokeTokenButton({
  tokenId,
  name,
  owner,
}: {
  tokenId: number;
  name: string;
  owner?: { id: number; email: string };
}) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const revoke = () => {
    if (owner && !window.confirm(`Revoke the token “${name}” of ${owner.email}? Scripts using it get 401 from now on.`)) return;
    startTransition(async () => {
      const result = owner
        ? await revokeUserApiTokenAction({ userId: owner.id, tokenId })
        : await revokeApiTokenAction({ tokenId });
      setError(result.ok ? null : result.error);
    });
  };
  return (
    <span className="stack small">
      <button type="button" className="danger" disabled={isPending} aria-label={`Revoke ${name}`} onClick={revoke}>
        Revoke
      </button>
      {error && (
        <span role="alert" className="alert error">
          {error}
        </span>
      )}
    </span>
  );
}
