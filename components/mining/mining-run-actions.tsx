'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';

/** Cancel a waiting or running run; Resume a stopped one that kept its finished chunks. */
export function MiningRunActions({ runId, canCancel, canResume }: { runId: number; canCancel: boolean; canResume: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  if (!canCancel && !canResume) return null;

  function post(action: 'cancel' | 'resume') {
    setError(null);
    startTransition(async () => {
      const res = await fetch(`/api/v1/mining-runs/${runId}/${action}`, { method: 'POST' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError(body?.error?.message ?? `The server answered ${res.status}.`);
      }
      router.refresh();
    });
  }

  return (
    <div className="row" style={{ flexWrap: 'wrap' }}>
      {canCancel && (
        <button type="button" className="secondary" onClick={() => post('cancel')} disabled={isPending}>
          Cancel run
        </button>
      )}
      {canResume && (
        <button type="button" onClick={() => post('resume')} disabled={isPending}>
          Resume
        </button>
      )}
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
