'use client';
import { useState } from 'react';
import { useJobPolling } from '@/components/jobs/use-job-polling';

interface ExportProgress {
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  rowCount: number;
  rowsTotal: number | null;
  bytesWritten: number;
}

/** Polls an export once a second: rows written of the rows to write; refreshes the page when it ends. */
export function LiveExportProgress({ jobId }: { jobId: number }) {
  const [job, setJob] = useState<ExportProgress | null>(null);
  useJobPolling<ExportProgress>(`/api/exports/${jobId}`, setJob);
  if (!job || job.status === 'QUEUED') return <div className="small muted">Waiting for its turn…</div>;
  const total = job.rowsTotal ?? 0;
  const fraction = total > 0 ? Math.min(1, job.rowCount / total) : 0;
  return (
    <div className="stack small" role="status" aria-live="polite" style={{ gap: 4, marginTop: 4 }}>
      <progress max={1} value={fraction} style={{ width: '100%' }} aria-label={`Export ${jobId} progress`} />
      <span>
        {Math.round(fraction * 100)} % · {job.rowCount.toLocaleString('en')} of {total.toLocaleString('en')} rows ·{' '}
        {(job.bytesWritten / 1e6).toFixed(1)} MB
      </span>
    </div>
  );
}
