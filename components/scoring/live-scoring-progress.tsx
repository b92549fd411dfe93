'use client';
import { useEffect, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { cancelScoringAction } from '@/lib/actions/scoring';

interface JobProgress {
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  pairsDone: number;
  pairsTotal: number;
  textsEmbedded: number;
  cancelRequested: boolean;
}

/** Polls a scoring job once a second: progress bar, pairs and texts done, cancel; refreshes the page when it ends. */
export function LiveScoringProgress({ jobId }: { jobId: number }) {
  const router = useRouter();
  const [job, setJob] = useState<JobProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  useEffect(() => {
    let stopped = false;
    async function poll() {
      while (!stopped) {
        try {
          const res = await fetch(`/api/scoring-jobs/${jobId}`, { cache: 'no-store' });
          if (res.ok) {
            const next = (await res.json()) as JobProgress;
            if (!stopped) setJob(next);
            if (next.status !== 'RUNNING' && next.status !== 'QUEUED') {
              router.refresh();
              return;
            }
          }
        } catch {
          // the next tick tries again
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    void poll();
    return () => {
      stopped = true;
    };
  }, [jobId, router]);

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
              const result = await cancelScoringAction({ jobId });
              setError(result.ok ? null : result.error);
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
