'use client';
import { useId, useRef, useState, useTransition, type ReactNode } from 'react';
import { DialogFooter } from '@/components/tidy/dialog-footer';

/**
 * A button that asks first: the dialog says what will happen, the confirming button runs `action`,
 * and a refusal from the server (e.g. "a run waits for this endpoint") stays in the dialog.
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  action,
  danger = true,
  ariaLabel,
}: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** null when done, else the message to show */
  action: () => Promise<string | null>;
  danger?: boolean;
  ariaLabel?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  return (
    <>
      <button
        type="button"
        className={danger ? 'danger' : 'secondary'}
        aria-label={ariaLabel}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} onClose={() => setError(null)}>
        <form
          method="dialog"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            startTransition(async () => {
              const refusal = await action();
              if (refusal) setError(refusal);
              else dialog.current?.close();
            });
          }}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
          <DialogFooter
            error={error}
            label={confirmLabel}
            pendingLabel="Working…"
            isPending={isPending}
            disabled={false}
            danger={danger}
            onCancel={() => dialog.current?.close()}
          />
        </form>
      </dialog>
    </>
  );
}
