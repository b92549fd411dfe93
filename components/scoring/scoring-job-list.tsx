import { JobList } from '@/components/jobs/job-list';
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
  return (
    <JobList
      testId="scoring"
      label="Scoring jobs"
      empty="No scoring jobs yet."
      jobs={jobs}
      subject={{ header: 'Job', cell: (job) => job.measures.join(', ') }}
      live={(job) => <LiveScoringProgress jobId={job.id} />}
      more={(job) =>
        job.skipped.map((s) => (
          <div key={s.measure} className="small muted">
            {s.message}
          </div>
        ))
      }
      dismiss="scoring"
      columns={[
        { header: 'Pairs scored', numeric: true, cell: (job) => job.pairsDone.toLocaleString('en') },
        { header: 'Texts embedded', numeric: true, cell: (job) => job.textsEmbedded.toLocaleString('en') },
      ]}
    />
  );
}
