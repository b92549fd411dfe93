import type { AnnotatorProgress } from '@/lib/db/campaigns/campaign-progress';
import { formatDuration } from '@/lib/annotation/campaign-estimate';

/** Per annotator: done, what `next` could still give them, median active time, last answer. */
export function AnnotatorTable({ rows }: { rows: readonly AnnotatorProgress[] }) {
  return (
    <table className="data" aria-label="Progress per annotator">
      <thead>
        <tr>
          <th>Annotator</th>
          <th className="num">Done</th>
          <th className="num">Remaining</th>
          <th className="num">Median time per pair</th>
          <th>Last answer</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.userId}>
            <td>
              {r.name} <span className="small muted">{r.email}</span>
              {!r.isMember && <span className="small muted"> (no longer a member)</span>}
            </td>
            <td className="num">{r.done.toLocaleString('en')}</td>
            <td className="num">{r.isMember ? r.remaining.toLocaleString('en') : '—'}</td>
            <td className="num">{r.medianMs === null ? '—' : formatDuration(r.medianMs)}</td>
            <td className="small">{r.lastActiveAt ? r.lastActiveAt.toISOString().slice(0, 16).replace('T', ' ') : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
