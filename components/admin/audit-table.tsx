import type { AuditRow } from '@/lib/db/accounts/audit';
import { Fragment } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import styles from './audit.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

/** An audit entry as the page hands it to the table (the date as ISO text). */
export type AuditTableRow = Omit<AuditRow, 'createdAt'> & { createdAt: string };

const VIA_LABEL: Record<string, string> = { web: 'web', api: 'API', cli: 'CLI', job: 'job' };

/** A detail's value in words: yes/no, lists joined, nested fields as "key: value". */
export function detailText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(detailText).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${detailText(v)}`)
    .join('; ');
}

/** The entry's details, one field a line ("name: …", "pair: 12"), never raw JSON. */
function Details({ details }: { details: unknown }) {
  if (details === null || details === undefined) return null;
  if (typeof details !== 'object' || Array.isArray(details)) return <span className="small">{detailText(details)}</span>;
  return (
    <ul className={`small ${styles.details}`}>
      {Object.entries(details as Record<string, unknown>).map(([k, v]) => (
        <li key={k}>
          <span className={styles.key}>{k}:</span> {detailText(v)}
        </li>
      ))}
    </ul>
  );
}

/** One page of the audit log, newest first. */
export function AuditTable({ entries, filtered }: { entries: readonly AuditTableRow[]; filtered: boolean }) {
  if (entries.length === 0) {
    return (
      <EmptyState title={filtered ? 'No entry matches these filters' : 'Nothing audited yet'}>
        {filtered ? (
          <p>Widen the dates or clear a filter.</p>
        ) : (
          <p>Account, corpus, campaign and label changes appear here as they happen.</p>
        )}
      </EmptyState>
    );
  }
  return (
    <div className="table-scroll" {...scrollArea('Audit log')}>
      <table className="data" aria-label="Audit log">
        <thead>
          <tr>
            <th>When (UTC)</th>
            <th>Who</th>
            <th>Action</th>
            <th>Target</th>
            <th>Via</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-audit-id={e.id}>
              <td className="small">{e.createdAt.slice(0, 19).replace('T', ' ')}</td>
              <td>
                {e.actor ?? <span className="muted">nobody signed in</span>}
                {e.ip && <div className="small muted">{e.ip}</div>}
              </td>
              <td className={styles.action}>
                <code>
                  {/* a line may break after a dot only, never inside "campaign.create" */}
                  {e.action.split('.').map((part, i) => (
                    <Fragment key={i}>
                      {i > 0 && (
                        <>
                          .<wbr />
                        </>
                      )}
                      {part}
                    </Fragment>
                  ))}
                </code>
              </td>
              <td className="small">{e.targetType ? `${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}` : ''}</td>
              <td className="small">{e.via ? (VIA_LABEL[e.via] ?? e.via) : <span className="muted">–</span>}</td>
              <td>
                <Details details={e.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
