import type { CancellableJobKind } from '@/lib/api/contracts/jobs';
import { CancelJobButton } from './job-buttons';

/**
 * A running job's progress as every job list shows it: the bar, one line of what is done, and
 * Cancel for a kind that can be cancelled. The kind's live component (polling with useJobPolling)
 * works out `fraction` and `text`.
 */
export function JobProgressBar({
  label,
  fraction,
  text,
  cancel,
}: {
  /** the bar's accessible name ("Import 12 progress") */
  label: string;
  fraction: number;
  text: string;
  cancel?: { kind: CancellableJobKind; id: number; disabled?: boolean };
}) {
  return (
    <div className="stack small" role="status" aria-live="polite" style={{ gap: 4, marginTop: 4 }}>
      <progress max={1} value={fraction} style={{ width: '100%' }} aria-label={label} />
      {cancel ? (
        <div className="row">
          <span>{text}</span>
          <CancelJobButton kind={cancel.kind} id={cancel.id} disabled={cancel.disabled ?? false} />
        </div>
      ) : (
        <span>{text}</span>
      )}
    </div>
  );
}
