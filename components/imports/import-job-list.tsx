import type { ImportJobView } from '@/lib/db/imports/import-job-views';
import { JobList } from '@/components/jobs/job-list';
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

const isLive = (job: ImportJobRow) => job.status === 'RUNNING' || (job.status === 'QUEUED' && job.confirmedAt !== null);

function ImportErrors({ job }: { job: ImportJobRow }) {
  if (job.errors.length === 0) return null;
  return (
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
  );
}

export function ImportJobList({ jobs }: { jobs: ImportJobRow[] }) {
  return (
    <JobList
      testId="import"
      label="Imports"
      empty="No imports yet."
      jobs={jobs}
      subject={{ header: 'File', cell: (job) => job.fileName }}
      detail={(job) => job.format ?? 'format not chosen'}
      isLive={isLive}
      live={(job) => <LiveImportProgress jobId={job.id} />}
      more={(job) => (
        <>
          {job.funnel && job.funnel.length > 0 && <ImportFunnel jobId={job.id} steps={job.funnel} />}
          <ImportErrors job={job} />
          {job.hasRejects && (
            <a className="small" href={`/api/imports/${job.id}/rejects`}>
              Download the rejected records
            </a>
          )}
        </>
      )}
      dismiss="import"
      statusMore={(job) =>
        job.status === 'QUEUED' && job.confirmedAt === null && <DiscardUploadButton jobId={job.id} fileName={job.fileName} />
      }
      columns={[
        {
          header: 'Read',
          numeric: true,
          cell: (job) =>
            isLive(job) ? <LiveRecordsRead jobId={job.id} initial={job.recordsRead} /> : job.recordsRead.toLocaleString('en'),
        },
        {
          header: 'Imported',
          numeric: true,
          cell: (job) => (isLive(job) ? '…' : job.imported.toLocaleString('en')),
          title: (job) => (isLive(job) ? 'Known when the import ends: all its pairs are written at once, or none' : undefined),
        },
        { header: 'Duplicates', numeric: true, cell: (job) => job.duplicates.toLocaleString('en') },
        { header: 'Rejected', numeric: true, cell: (job) => job.rejected.toLocaleString('en') },
        { header: 'Time', className: 'small', cell: seconds },
      ]}
    />
  );
}
