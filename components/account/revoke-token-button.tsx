'use client';
import { useState, useTransition } from 'react';
import { revokeApiTokenAction } from '@/lib/actions/tokens';

export function RevokeTokenButton({ tokenId, name }: { tokenId: number; name: string }) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  return (
    <span className="stack small">
      <button
        type="button"
        className="danger"
        disabled={isPending}
        aria-label={`Revoke ${name}`}
        onClick={() =>
          startTransition(async () => {
            const result = await revokeApiTokenAction({ tokenId });
            setError(result.ok ? null : result.error);
          })
        }
      >
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
