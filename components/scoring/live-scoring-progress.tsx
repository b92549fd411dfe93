'use client';
import { useState } from 'react';
import { useJobPolling } from '@/components/jobs/use-job-polling';
import { JobProgressBar } from '@/components/jobs/job-progress';

interface JobProgress {
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  pairsDone: number;
  pairsTotal: number;
  textsEmbedded: number;
  cancelRequested: boolean;
}

/** Polls a scoring job once a second: progress bar, pairs and texts done, cancel; refreshes the page when it ends. */
export function LiveScoringProgress({ jobId }: { jobId: number }) {
  const [job, setJob] = useState<JobProgress | null>(null);
  useJobPolling<JobProgress>(`/api/scoring-jobs/${jobId}`, setJob);

  if (!job) return <div className="small muted">Waiting for progress…</div>;
  const fraction = job.pairsTotal > 0 ? Math.min(1, job.pairsDone / job.pairsTotal) : 0;
  const text =
    job.status === 'QUEUED'
      ? 'Waiting for its turn'
      : job.cancelRequested
        ? 'Stopping after the current batch'
        : `${Math.round(fraction * 100)} % · ${job.pairsDone.toLocaleString('en')} of ${job.pairsTotal.toLocaleString('en')} pairs · ${job.textsEmbedded.toLocaleString('en')} texts embedded`;
  return (
    <JobProgressBar
      label={`Scoring job ${jobId} progress`}
      fraction={fraction}
      text={text}
      cancel={{ kind: 'scoring', id: jobId, disabled: job.cancelRequested }}
    />
  );
}
