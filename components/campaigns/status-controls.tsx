'use client';
import { useState, useTransition } from 'react';
import { changeCampaignStatusAction } from '@/lib/actions/campaigns';
import { nextStatuses, statusActionLabel, STATUS_DESCRIPTIONS, type CampaignStatusName } from '@/lib/annotation/campaign-status';
import styles from './campaigns.module.css';

/** The campaign's status and the buttons that move it on (draft → active ⇄ paused → closed). */
export function StatusControls({ slug, status }: { slug: string; status: CampaignStatusName }) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const change = (to: CampaignStatusName) => {
    if (
      to === 'CLOSED' &&
      !window.confirm('Close the campaign? Nothing is handed out or accepted afterwards, and it cannot be reopened.')
    )
      return;
    setError(null);
    startTransition(async () => {
      const result = await changeCampaignStatusAction({ slug, from: status, to });
      if (!result.ok) setError(result.error);
    });
  };
  return (
    <section className="card row" aria-label="Status">
      <span className={`badge ${styles.status}`} data-testid="campaign-status">
        {status}
      </span>
      <span className="muted">{STATUS_DESCRIPTIONS[status]}</span>
      <span className="row" style={{ marginLeft: 'auto' }}>
        {nextStatuses(status).map((to) => (
          <button
            key={to}
            type="button"
            className={to === 'CLOSED' ? 'danger' : to === 'PAUSED' ? 'secondary' : undefined}
            disabled={isPending}
            onClick={() => change(to)}
          >
            {statusActionLabel(status, to)}
          </button>
        ))}
      </span>
      {error && (
        <p role="alert" className="alert error" style={{ width: '100%', margin: 0 }}>
          {error}
        </p>
      )}
    </section>
  );
}
