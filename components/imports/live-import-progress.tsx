'use client';
import { useRef, useState } from 'react';
import { useJobPolling } from '@/components/jobs/use-job-polling';
import { JobProgressBar } from '@/components/jobs/job-progress';
import { estimateProgress, type ProgressSample } from './progress-estimate';
import { publishRecordsRead } from './live-import-counts';

interface JobStatus {
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  bytesRead: number;
  fileBytes: number | null;
  recordsRead: number;
}

interface View {
  job: JobStatus;
  fraction: number;
  rate: number | null;
  secondsLeft: number | null;
}

/** Polls an import once a second: progress bar, records/s, time left; refreshes the page when it ends. */
export function LiveImportProgress({ jobId }: { jobId: number }) {
  const [view, setView] = useState<View | null>(null);

  const first = useRef<ProgressSample | null>(null);
  useJobPolling<JobStatus>(`/api/imports/${jobId}`, (job) => {
    const sample = {
      at: Date.now(),
      records: job.recordsRead,
      fraction: job.fileBytes ? Math.min(1, job.bytesRead / job.fileBytes) : 0,
    };
    first.current ??= sample;
    publishRecordsRead(jobId, job.recordsRead);
    setView({ job, fraction: sample.fraction, ...estimateProgress(first.current, sample) });
  });

  if (!view) return <div className="small muted">Waiting for progress…</div>;
  const { job, fraction, rate, secondsLeft } = view;
  const parts =
    job.status === 'QUEUED'
      ? ['Waiting for another import to finish']
      : [
          `${Math.round(fraction * 100)} %`,
          `${job.recordsRead.toLocaleString('en')} records`,
          rate ? `${Math.round(rate).toLocaleString('en')}/s` : null,
          fraction >= 1 ? 'committing' : secondsLeft !== null ? `about ${Math.ceil(secondsLeft)} s left` : null,
        ];
  return (
    <JobProgressBar
      label={`Import ${jobId} progress`}
      fraction={fraction}
      text={parts.filter(Boolean).join(' · ')}
      cancel={{ kind: 'import', id: jobId }}
    />
  );
}
