import type { ImportJobView } from '@/lib/db/imports/import-job-views';
import { DismissJobButton } from '@/components/tidy/dismiss-job-button';
import { JobMeta, jobStatusLabels } from '@/components/jobs/job-meta';
import { LiveImportProgress } from './live-import-progress';
import { LiveRecordsRead } from './live-import-counts';
import { DiscardUploadButton } from './discard-upload-button';

export type ImportJobRow = Omit<ImportJobView, 'createdAt' | 'confirmedAt' | 'startedAt' | 'finishedAt'> & {
  createdAt: string;
  confirmedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  hasRejects: boolean;
};

/** What a set-building format (qa-assessed) kept at each step, as the miner shows its funnel. */
function ImportFunnel({ jobId, steps }: { jobId: number; steps: NonNullable<ImportJobRow['funnel']> }) {
  return (
    <table className="data small" aria-label={`Funnel of import ${jobId}`} style={{ width: 'auto', marginTop: 4 }}>
      <tbody>
        {steps.map((s) => (
          <tr key={s.step}>
            <th scope="row" style={{ fontWeight: 400 }}>
              {s.step}
            </th>
            <td className="num">{s.count.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function seconds(job: ImportJobRow): string {
  if (!job.startedAt || !job.finishedAt) return '';
  return `${((Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000).toFixed(1)} s`;
}

export function ImportJobList({ jobs }: { jobs: ImportJobRow[] }) {
  if (jobs.length === 0) return <p className="muted">No imports yet.</p>;
  return (
    <table className="data" aria-label="Imports">
      <thead>
        <tr>
          <th>File</th>
          <th>Status</th>
          <th className="num">Read</th>
          <th className="num">Imported</th>
          <th className="num">Duplicates</th>
          <th className="num">Rejected</th>
          <th>Time</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => {
          const isLive = job.status === 'RUNNING' || (job.status === 'QUEUED' && job.confirmedAt !== null);
          return (
            <tr key={job.id} data-testid={`import-${job.id}`}>
              <td>
                {job.fileName}
                <JobMeta
                  id={job.id}
                  detail={job.format ?? 'format not chosen'}
                  createdAt={job.createdAt}
                  createdBy={job.createdBy}
                />
                {isLive && <LiveImportProgress jobId={job.id} />}
                {job.message && <div className="small">{job.message}</div>}
                {job.funnel && job.funnel.length > 0 && <ImportFunnel jobId={job.id} steps={job.funnel} />}
                {job.errors.length > 0 && (
                  <details>
                    <summary className="small">
                      {job.errorCount.toLocaleString('en')} error{job.errorCount === 1 ? '' : 's'}
                      {job.errorCount > job.errors.length ? ` (first ${job.errors.length} shown)` : ''}
                    </summary>
                    <ul className="small" style={{ fontFamily: 'var(--mono)' }}>
                      {job.errors.map((e) => (
                        <li key={`${e.line}-${e.message}`}>
                          line {e.line}: {e.message}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                {job.hasRejects && (
                  <a className="small" href={`/api/imports/${job.id}/rejects`}>
                    Download the rejected records
                  </a>
                )}
              </td>
              <td>
                {jobStatusLabels[job.status]}{' '}
                {(job.status === 'FAILED' || job.status === 'CANCELLED') && <DismissJobButton kind="import" id={job.id} />}
                {job.status === 'QUEUED' && job.confirmedAt === null && (
                  <DiscardUploadButton jobId={job.id} fileName={job.fileName} />
                )}
              </td>
              <td className="num">
                {isLive ? <LiveRecordsRead jobId={job.id} initial={job.recordsRead} /> : job.recordsRead.toLocaleString('en')}
              </td>
              <td
                className="num"
                title={isLive ? 'Known when the import ends: all its pairs are written at once, or none' : undefined}
              >
                {isLive ? '…' : job.imported.toLocaleString('en')}
              </td>
              <td className="num">{job.duplicates.toLocaleString('en')}</td>
              <td className="num">{job.rejected.toLocaleString('en')}</td>
              <td className="small">{seconds(job)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
