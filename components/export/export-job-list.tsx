import { formatBytes } from '@/lib/models/bytes';
import { JobList } from '@/components/jobs/job-list';
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
  return (
    <JobList
      testId="export"
      label="Exports"
      empty="No exports yet."
      jobs={jobs}
      subject={{ header: 'Export', cell: (job) => `${describeScope(job)} · ${formatLabels[job.format]}` }}
      live={(job) => <LiveExportProgress jobId={job.id} />}
      dismiss="export"
      columns={[
        { header: 'Rows', numeric: true, cell: (job) => job.rowCount.toLocaleString('en') },
        {
          header: 'File',
          cell: (job) => (
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
          ),
        },
      ]}
    />
  );
}
