'use client';
import { useState, useTransition } from 'react';
import { callApi } from '@/lib/api/typed-client';
import { startScoringContract } from '@/lib/api/contracts/scoring';
import { useJobPolling } from '@/components/jobs/use-job-polling';
import { jobStatusLabels, type JobStatus } from '@/components/jobs/job-meta';

export interface GloveJob {
  id: number;
  status: JobStatus;
  pairsDone: number;
  pairsTotal: number;
  message: string | null;
}

const isActive = (job: GloveJob | null) => job?.status === 'QUEUED' || job?.status === 'RUNNING';

/** A scoring job's live progress, polled once a second until it ends (the page then refreshes its counts). */
function LiveGloveJob({ initial, onEnd }: { initial: GloveJob; onEnd: (job: GloveJob) => void }) {
  const [job, setJob] = useState(initial);
  useJobPolling<GloveJob>(`/api/scoring-jobs/${initial.id}`, (next) => {
    setJob(next);
    if (!isActive(next)) onEnd(next);
  });
  const fraction = job.pairsTotal > 0 ? Math.min(1, job.pairsDone / job.pairsTotal) : 0;
  return (
    <span className="stack small" role="status" aria-live="polite" style={{ gap: 2, minWidth: '10rem' }}>
      <progress max={1} value={fraction} aria-label={`Scoring job ${job.id} progress`} style={{ width: '100%' }} />
      <span>
        Scoring job #{job.id}:{' '}
        {job.status === 'QUEUED'
          ? 'waiting for its turn'
          : `${Math.round(fraction * 100)} % · ${job.pairsDone.toLocaleString('en')} of ${job.pairsTotal.toLocaleString('en')} pairs`}
      </span>
    </span>
  );
}

/** How a scoring job ended, in words: "Scoring job #4 done: 300 pairs scored." */
function ended(job: GloveJob): string {
  const outcome = `Scoring job #${job.id} ${jobStatusLabels[job.status]}`;
  if (job.status === 'SUCCEEDED') return `${outcome}: ${job.pairsDone.toLocaleString('en')} pairs scored.`;
  return `${outcome}${job.message ? `: ${job.message}` : '.'}`;
}

/**
 * A corpus's row on the Models page: Compute (queues a scoring job of its missing GloVe measures),
 * then that job's live progress and how it ended, as the install above shows its own; a job already
 * running when the page opens is followed the same way.
 */
export function GloveScoringCell({
  slug,
  name,
  complete,
  latest,
}: {
  slug: string;
  name: string;
  /** every pair has both GloVe measures */
  complete: boolean;
  /** the corpus's latest GloVe scoring job, if any */
  latest: GloveJob | null;
}) {
  const [job, setJob] = useState<GloveJob | null>(latest);
  const [finished, setFinished] = useState<GloveJob | null>(latest && !isActive(latest) ? latest : null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  if (job && isActive(job)) return <LiveGloveJob key={job.id} initial={job} onEnd={(end) => (setJob(end), setFinished(end))} />;
  return (
    <span className="stack small" style={{ gap: 2 }}>
      {finished && <span data-testid="glove-scoring-outcome">{ended(finished)}</span>}
      {complete ? (
        <span className="muted">all scored</span>
      ) : (
        <span className="row">
          <button
            type="button"
            aria-label={`Compute the GloVe measures of ${name}`}
            disabled={isPending}
            onClick={() =>
              startTransition(async () => {
                setError(null);
                const result = await callApi(startScoringContract, {
                  params: { slug },
                  body: { measures: ['wmsGlove', 'gloveCosine'] },
                });
                if (!result.ok) return setError(result.message);
                setFinished(null);
                setJob({ id: result.data.jobId, status: 'QUEUED', pairsDone: 0, pairsTotal: 0, message: null });
              })
            }
          >
            Compute
          </button>
          {error && <span className="error">{error}</span>}
        </span>
      )}
    </span>
  );
}
