'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/client';
import { cancelJobContract } from '@/lib/api/contracts/jobs';
import { resumeMiningRunContract } from '@/lib/api/contracts/mining';

/** Cancel a waiting or running run; Resume a stopped one that kept its finished chunks. */
export function MiningRunActions({ runId, canCancel, canResume }: { runId: number; canCancel: boolean; canResume: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  if (!canCancel && !canResume) return null;

  function post(action: 'cancel' | 'resume') {
    setError(null);
    startTransition(async () => {
      const result =
        action === 'cancel'
          ? await callApi(cancelJobContract, { params: { kind: 'mining-run', id: runId } })
          : await callApi(resumeMiningRunContract, { params: { id: runId } });
      if (!result.ok) setError(result.message);
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
