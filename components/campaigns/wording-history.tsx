import type { WordingVersion } from '@/lib/db/campaigns/campaign-wording';

/** The versions of a campaign's guidelines and question wording, newest first. */
export function WordingHistory({ versions, current }: { versions: readonly WordingVersion[]; current: number }) {
  if (versions.length === 0) return <p className="small muted">Version 1, as created: the wording was never edited.</p>;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className="data" aria-label="Wording versions">
        <thead>
          <tr>
            <th>Version</th>
            <th>When</th>
            <th>Who</th>
            <th>What changed</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.number}>
              <td>
                {v.number}
                {v.number === current && <span className="small muted"> (shown now)</span>}
              </td>
              <td className="small">{v.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</td>
              <td className="small">{v.editor ?? '—'}</td>
              <td className="small">{v.number === 1 ? 'as created' : v.changes.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
