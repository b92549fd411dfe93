'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/client';
import { deleteExportContract, rerunExportContract } from '@/lib/api/contracts/exports';

/** "Run again" (failed or cancelled exports) and "Delete" (any that is not running); Dismiss is the job list's. */
export function ExportJobActions({ jobId, canRerun, canDelete }: { jobId: number; canRerun: boolean; canDelete: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const run = (contract: typeof rerunExportContract | typeof deleteExportContract) =>
    startTransition(async () => {
      const result = await callApi(contract, { params: { id: jobId } });
      setError(result.ok ? null : result.message);
      if (result.ok) router.refresh();
    });
  return (
    <div className="row">
      {canRerun && (
        <button type="button" disabled={isPending} onClick={() => run(rerunExportContract)}>
          Run again
        </button>
      )}
      {canDelete && (
        <button type="button" className="danger" disabled={isPending} onClick={() => run(deleteExportContract)}>
          Delete
        </button>
      )}
      {error && <span className="error">{error}</span>}
    </div>
  );
}
