'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/client';
import { cancelJobContract } from '@/lib/api/contracts/jobs';

/**
 * Discards an uploaded file whose import was never started (its format never confirmed): the job
 * ends as cancelled ("Discarded before it started.") and the file is deleted (POST /api/v1/jobs/import/{id}/cancel).
 */
export function DiscardUploadButton({ jobId, fileName }: { jobId: number; fileName: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const discard = () =>
    startTransition(async () => {
      const result = await callApi(cancelJobContract, { params: { kind: 'import', id: jobId } });
      if (!result.ok) return setError(result.message);
      router.refresh();
    });
  return (
    <>
      <button
        type="button"
        className="secondary small"
        disabled={isPending}
        onClick={discard}
        aria-describedby={`import-${jobId}-waiting`}
      >
        Discard
      </button>
      <span id={`import-${jobId}-waiting`} className="sr-only">
        {`the upload of ${fileName}, never started`}
      </span>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}
