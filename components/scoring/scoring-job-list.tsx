import { JobMeta, jobStatusLabels } from '@/components/jobs/job-meta';
import { DismissJobButton } from '@/components/tidy/dismiss-job-button';
import { LiveScoringProgress } from './live-scoring-progress';

export interface ScoringJobRow {
  id: number;
  measures: string[];
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  pairsDone: number;
  pairsTotal: number;
  textsEmbedded: number;
  message: string | null;
  skipped: Array<{ measure: string; message: string }>;
  createdAt: string;
  createdBy: string | null;
}

/** The corpus's scoring jobs, newest first; running ones show live progress and a cancel button. */
export function ScoringJobList({ jobs }: { jobs: ScoringJobRow[] }) {
  if (jobs.length === 0) return <p className="muted">No scoring jobs yet.</p>;
  return (
    <table className="data" aria-label="Scoring jobs">
      <thead>
        <tr>
          <th>Job</th>
          <th>Status</th>
          <th className="num">Pairs scored</th>
          <th className="num">Texts embedded</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} data-testid={`scoring-${job.id}`}>
            <td>
              {job.measures.join(', ')}
              <JobMeta id={job.id} createdAt={job.createdAt} createdBy={job.createdBy} />
              {(job.status === 'RUNNING' || job.status === 'QUEUED') && <LiveScoringProgress jobId={job.id} />}
              {job.message && <div className="small">{job.message}</div>}
              {job.skipped.map((s) => (
                <div key={s.measure} className="small muted">
                  {s.message}
                </div>
              ))}
            </td>
            <td>
              {jobStatusLabels[job.status]}{' '}
              {(job.status === 'FAILED' || job.status === 'CANCELLED') && <DismissJobButton kind="scoring" id={job.id} />}
            </td>
            <td className="num">{job.pairsDone.toLocaleString('en')}</td>
            <td className="num">{job.textsEmbedded.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
