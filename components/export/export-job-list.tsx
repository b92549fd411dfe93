import { formatBytes } from '@/lib/models/bytes';
import { JobMeta, jobStatusLabels } from '@/components/jobs/job-meta';
import { ExportJobActions } from './export-job-actions';
import { LiveExportProgress } from './live-export-progress';

export interface ExportJobRow {
  id: number;
  scope: 'corpus' | 'campaign' | 'view';
  scopeSlug: string | null;
  filters: string | null;
  format: 'CSV' | 'JSONL' | 'HF';
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  rowCount: number;
  bytesWritten: number;
  message: string | null;
  createdAt: string;
  downloadable: boolean;
}

const formatLabels: Record<ExportJobRow['format'], string> = { CSV: 'CSV', JSONL: 'JSON Lines', HF: 'HF dataset' };

function describeScope(job: ExportJobRow): string {
  if (job.scope === 'view') return `explorer view ${job.filters ? `?${job.filters}` : '(no filters)'}`;
  return `${job.scope} ${job.scopeSlug ?? ''}`;
}

/** The user's own exports, newest first: progress while running, the file while it is kept, run again after a failure. */
export function ExportJobList({ jobs }: { jobs: ExportJobRow[] }) {
  if (jobs.length === 0) return <p className="muted">No exports yet.</p>;
  return (
    <table className="data" aria-label="Exports">
      <thead>
        <tr>
          <th>Export</th>
          <th>Status</th>
          <th className="num">Rows</th>
          <th>File</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} data-testid={`export-${job.id}`}>
            <td>
              {describeScope(job)} · {formatLabels[job.format]}
              <JobMeta id={job.id} createdAt={job.createdAt} />
              {(job.status === 'RUNNING' || job.status === 'QUEUED') && <LiveExportProgress jobId={job.id} />}
              {job.message && <div className="small">{job.message}</div>}
            </td>
            <td>{jobStatusLabels[job.status]}</td>
            <td className="num">{job.rowCount.toLocaleString('en')}</td>
            <td>
              <div className="stack" style={{ gap: 4 }}>
                {job.downloadable && (
                  <a href={`/api/exports/${job.id}/file`} download>
                    Download ({formatBytes(job.bytesWritten)})
                  </a>
                )}
                <ExportJobActions
                  jobId={job.id}
                  canRerun={job.status === 'FAILED' || job.status === 'CANCELLED'}
                  canDelete={job.status !== 'RUNNING'}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
