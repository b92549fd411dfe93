'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/client';
import { dismissJobContract } from '@/lib/api/contracts/tidy';

/** Hides a failed or cancelled job from its list (POST /api/v1/jobs/{kind}/{id}/dismiss). */
export function DismissJobButton({ kind, id }: { kind: 'import' | 'scoring' | 'export'; id: number }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const dismiss = () =>
    startTransition(async () => {
      const result = await callApi(dismissJobContract, { params: { kind, id } });
      if (!result.ok) return setError(result.message);
      router.refresh();
    });
  return (
    <>
      <button
        type="button"
        className="secondary small"
        disabled={isPending}
        onClick={dismiss}
        aria-label={`Dismiss ${kind} ${id}`}
      >
        Dismiss
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}
