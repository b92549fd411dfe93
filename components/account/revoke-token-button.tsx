'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { revokeApiTokenContract, revokeUserApiTokenContract } from '@/lib/api/contracts/accounts';

/**
 * Revokes one token: the user's own (DELETE /api/v1/tokens/{id}), or, with `owner`, another user's
 * token by an admin (DELETE /api/v1/users/{id}/tokens/{tokenId}, after a confirmation, since the
 * admin is stopping someone else's scripts).
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
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const revoke = () => {
    if (owner && !window.confirm(`Revoke the token “${name}” of ${owner.email}? Scripts using it get 401 from now on.`)) return;
    startTransition(async () => {
      const result = owner
        ? await callApi(revokeUserApiTokenContract, { params: { id: owner.id, tokenId } })
        : await callApi(revokeApiTokenContract, { params: { id: tokenId } });
      if (!result.ok) return setError(result.message);
      setError(null);
      router.refresh();
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
