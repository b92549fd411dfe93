import { CancelJobButton } from '@/components/jobs/job-buttons';

/**
 * Discards an uploaded file whose import was never started (its format never confirmed): the job
 * ends as cancelled ("Discarded before it started.") and the file is deleted (POST /api/v1/jobs/import/{id}/cancel).
 */
export function DiscardUploadButton({ jobId, fileName }: { jobId: number; fileName: string }) {
  return (
    <>
      <CancelJobButton
        kind="import"
        id={jobId}
        label="Discard"
        className="secondary small"
        refresh
        describedBy={`import-${jobId}-waiting`}
      />
      <span id={`import-${jobId}-waiting`} className="sr-only">
        {`the upload of ${fileName}, never started`}
      </span>
    </>
  );
}
