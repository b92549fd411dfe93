import { formatBytes } from '@/lib/backup/backup-manifest';
import { EmptyState } from '@/components/ui/empty-state';
import { scrollArea } from '@/components/ui/scroll-area';

/** A backup as the Backups page hands it to the table (dates as ISO text). */
export interface BackupTableRow {
  id: number;
  trigger: 'SCHEDULED' | 'COMMAND';
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  bytes: number | null;
  host: string;
  message: string | null;
  holds: string | null;
  startedAt: string;
  seconds: number | null;
}

const STATUS: Record<BackupTableRow['status'], string> = { RUNNING: 'running', SUCCEEDED: 'done', FAILED: 'failed' };

/** The last backups, newest first: when, how, the outcome, size, time taken and what each holds (or why it failed). */
export function BackupTable({ runs }: { runs: readonly BackupTableRow[] }) {
  if (runs.length === 0) {
    return (
      <EmptyState title="No backups yet">
        <p>Backups the app takes and those of paralens backup appear here.</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-scroll" {...scrollArea('Recent backups')}>
      <table className="data" aria-label="Recent backups">
        <thead>
          <tr>
            <th>Started (UTC)</th>
            <th>By</th>
            <th>Outcome</th>
            <th className="num">Size</th>
            <th className="num">Time</th>
            <th>Holds, or why it failed</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id}>
              <td className="small">{r.startedAt.slice(0, 19).replace('T', ' ')}</td>
              <td>
                {r.trigger === 'SCHEDULED' ? 'the app' : 'paralens backup'}
                <div className="small muted">{r.host}</div>
              </td>
              <td>{STATUS[r.status]}</td>
              <td className="num">{r.bytes === null ? '' : formatBytes(r.bytes)}</td>
              <td className="num">{r.seconds === null ? '' : `${r.seconds.toFixed(1)} s`}</td>
              <td className="small">{r.status === 'FAILED' ? r.message : r.holds}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
