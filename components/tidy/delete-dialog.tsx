'use client';
import { useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { deleteTarget, type TidyTarget } from './tidy-target';
import { DialogFooter } from './dialog-footer';

export interface DeleteDialogProps {
  /** the corpus or campaign (DELETE /api/v1/corpora/{slug} or /api/v1/campaigns/{id}) */
  target: TidyTarget;
  name: string;
  /** where to go once deleted */
  afterUrl: string;
  /** what goes with it ("1,204 pairs", …), from lib/tidy/tidy-rules.ts */
  parts: string[];
  /** why it cannot be deleted now (in use, active, a job running), or null */
  blocker: string | null;
  /** false: the user is neither an admin nor its creator */
  mayDelete: boolean;
}

/**
 * "Delete…" and its confirmation: the dialog names everything that goes with the corpus or campaign,
 * says why it cannot go yet when something stands in the way, and asks for the name to be typed.
 * The server checks all of it again.
 */
export function DeleteDialog({ target, name, afterUrl, parts, blocker, mayDelete }: DeleteDialogProps) {
  const what = target.what;
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const refusal = !mayDelete
    ? `Only an admin or the researcher who created this ${what} can delete it. You can archive it instead.`
    : blocker;
  const remove = () =>
    startTransition(async () => {
      const result = await deleteTarget(target);
      if (!result.ok) return setError(result.message);
      dialog.current?.close();
      router.push(afterUrl);
      router.refresh();
    });
  return (
    <>
      <button type="button" className="danger" onClick={() => dialog.current?.showModal()}>
        Delete…
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={`delete-${what}-title`}
        onClose={() => {
          setTyped('');
          setError(null);
        }}
      >
        <form
          method="dialog"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            remove();
          }}
        >
          <h2 id={`delete-${what}-title`}>
            Delete the {what} “{name}”?
          </h2>
          {parts.length > 0 ? (
            <>
              <p>This deletes the {what} and everything that goes with it:</p>
              <ul data-testid="deletion-parts">
                {parts.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>The {what} is empty; nothing else goes with it.</p>
          )}
          <p className="muted small">This cannot be undone. Archiving hides the {what} instead and keeps everything.</p>
          {refusal ? (
            <p role="alert" className="alert error">
              {refusal}
            </p>
          ) : (
            <label>
              Type the name to confirm
              <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
            </label>
          )}
          <DialogFooter
            error={error}
            label={`Delete ${what}`}
            pendingLabel={'Deleting…'}
            isPending={isPending}
            disabled={refusal !== null || typed.trim() !== name}
            danger
            onCancel={() => dialog.current?.close()}
          />
        </form>
      </dialog>
    </>
  );
}
