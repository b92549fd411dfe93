'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { deleteExportAction, rerunExportAction } from '@/lib/actions/exports';
import { DismissJobButton } from '@/components/tidy/dismiss-job-button';

/** "Run again" and "Dismiss" (failed or cancelled exports) and "Delete" (any that is not running). */
export function ExportJobActions({ jobId, canRerun, canDelete }: { jobId: number; canRerun: boolean; canDelete: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const run = (action: typeof rerunExportAction) =>
    startTransition(async () => {
      const result = await action({ jobId });
      setError(result.ok ? null : result.error);
      if (result.ok) router.refresh();
    });
  return (
    <div className="row">
      {canRerun && (
        <button type="button" disabled={isPending} onClick={() => run(rerunExportAction)}>
          Run again
        </button>
      )}
      {canDelete && (
        <button type="button" className="danger" disabled={isPending} onClick={() => run(deleteExportAction)}>
          Delete
        </button>
      )}
      {canRerun && <DismissJobButton kind="export" id={jobId} />}
      {error && <span className="error">{error}</span>}
    </div>
  );
}
