'use client';
import { useState, useTransition } from 'react';
import { useJobPolling } from '@/components/jobs/use-job-polling';
import { callApi } from '@/lib/api/client';
import { cancelScoringContract } from '@/lib/api/contracts/scoring';

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
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

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
    <div className="stack small" role="status" aria-live="polite" style={{ gap: 4, marginTop: 4 }}>
      <progress max={1} value={fraction} style={{ width: '100%' }} aria-label={`Scoring job ${jobId} progress`} />
      <div className="row">
        <span>{text}</span>
        <button
          type="button"
          className="danger"
          disabled={isPending || job.cancelRequested}
          onClick={() =>
            startTransition(async () => {
              const result = await callApi(cancelScoringContract, { params: { id: jobId } });
              setError(result.ok ? null : result.message);
            })
          }
        >
          Cancel
        </button>
      </div>
      {error && <div className="error">{error}</div>}
    </div>
  );
}
