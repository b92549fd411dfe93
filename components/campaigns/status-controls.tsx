'use client';
import { useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { changeCampaignStatusContract } from '@/lib/api/contracts/campaign-controls';
import { nextStatuses, statusActionLabel, STATUS_DESCRIPTIONS, type CampaignStatusName } from '@/lib/annotation/campaign-status';
import { DialogFooter } from '@/components/tidy/dialog-footer';
import styles from './campaigns.module.css';

/**
 * The campaign's status and the buttons that move it on (draft → active ⇄ paused → closed). Closing
 * cannot be undone, so "Close campaign…" opens a confirmation that says what it does.
 */
export function StatusControls({ slug, status }: { slug: string; status: CampaignStatusName }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const dialog = useRef<HTMLDialogElement>(null);
  const change = (to: CampaignStatusName) => {
    setError(null);
    startTransition(async () => {
      const result = await callApi(changeCampaignStatusContract, { params: { id: slug }, body: { from: status, to } });
      if (!result.ok) return setError(result.message);
      dialog.current?.close();
      router.refresh();
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
            onClick={() => (to === 'CLOSED' ? dialog.current?.showModal() : change(to))}
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
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="close-campaign-title" onClose={() => setError(null)}>
        <form
          method="dialog"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            change('CLOSED');
          }}
        >
          <h2 id="close-campaign-title">Close this campaign?</h2>
          <p>
            {status === 'DRAFT'
              ? 'It has not been opened to annotators yet. Once closed, it cannot be reopened or activated: nothing is ever handed out or accepted.'
              : 'Nothing is handed out or accepted afterwards, and it cannot be reopened. The answers stay for analysis and export.'}
          </p>
          <DialogFooter
            error={error}
            label="Close the campaign"
            pendingLabel="Closing…"
            isPending={isPending}
            disabled={false}
            danger
            onCancel={() => dialog.current?.close()}
          />
        </form>
      </dialog>
    </section>
  );
}
