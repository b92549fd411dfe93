'use client';
import { useState } from 'react';
import { useJobPolling } from '@/components/jobs/use-job-polling';
import { JobProgressBar } from '@/components/jobs/job-progress';

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
  const text = `${Math.round(fraction * 100)} % · ${job.rowCount.toLocaleString('en')} of ${total.toLocaleString('en')} rows · ${(job.bytesWritten / 1e6).toFixed(1)} MB`;
  return <JobProgressBar label={`Export ${jobId} progress`} fraction={fraction} text={text} />;
}
