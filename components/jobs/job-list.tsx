import type { ReactNode } from 'react';
import type { DismissableJobKind } from '@/lib/api/contracts/jobs';
import { JobMeta, jobStatusLabels, type JobStatus } from './job-meta';
import { DismissJobButton } from './job-buttons';

/** What every job row has (dates as ISO strings: rows come from a page to client leaves). */
export interface JobRowBase {
  id: number;
  status: JobStatus;
  message: string | null;
  createdAt: string;
  createdBy?: string | null;
}

export interface JobColumn<J> {
  header: string;
  numeric?: boolean;
  /** the cell's class (numeric columns get `num`) */
  className?: string;
  cell: (job: J) => ReactNode;
  /** the cell's tooltip */
  title?: (job: J) => string | undefined;
}

interface Props<J extends JobRowBase> {
  /** the kind's name: rows are `data-testid="<testId>-<id>"` */
  testId: string;
  /** the table's accessible name ("Imports") and what it says when there is none ("No imports yet.") */
  label: string;
  empty: string;
  jobs: J[];
  /** the first column: its header, and what the job is (file, measures, scope) */
  subject: { header: string; cell: (job: J) => ReactNode };
  /** shown between the number and the time (the import's format) */
  detail?: (job: J) => string;
  /** while true the row shows `live` (default: waiting or running) */
  isLive?: (job: J) => boolean;
  live: (job: J) => ReactNode;
  /** under the job's message: errors, funnel, links */
  more?: (job: J) => ReactNode;
  /** a failed or cancelled job of this kind can be dismissed */
  dismiss?: DismissableJobKind;
  /** beside the status (e.g. discard an upload never started) */
  statusMore?: (job: J) => ReactNode;
  columns: ReadonlyArray<JobColumn<J>>;
}

const waitingOrRunning = (job: JobRowBase) => job.status === 'RUNNING' || job.status === 'QUEUED';

/**
 * The one list of jobs every screen uses (imports, scoring, exports), newest first: what each job
 * is, its number, time and creator, live progress while it runs, its message, its status with
 * Dismiss once it failed or was cancelled, then the kind's own columns.
 */
export function JobList<J extends JobRowBase>(props: Props<J>) {
  const { jobs, subject, columns, isLive = waitingOrRunning } = props;
  if (jobs.length === 0) return <p className="muted">{props.empty}</p>;
  return (
    <table className="data" aria-label={props.label}>
      <thead>
        <tr>
          <th>{subject.header}</th>
          <th>Status</th>
          {columns.map((c) => (
            <th key={c.header} className={c.numeric ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} data-testid={`${props.testId}-${job.id}`}>
            <td>
              {subject.cell(job)}
              <JobMeta
                id={job.id}
                createdAt={job.createdAt}
                createdBy={job.createdBy}
                {...(props.detail ? { detail: props.detail(job) } : {})}
              />
              {isLive(job) && props.live(job)}
              {job.message && <div className="small">{job.message}</div>}
              {props.more?.(job)}
            </td>
            <td>
              {jobStatusLabels[job.status]}{' '}
              {props.dismiss && (job.status === 'FAILED' || job.status === 'CANCELLED') && (
                <DismissJobButton kind={props.dismiss} id={job.id} />
              )}
              {props.statusMore?.(job)}
            </td>
            {columns.map((c) => (
              <td key={c.header} className={c.numeric ? 'num' : c.className} title={c.title?.(job)}>
                {c.cell(job)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
