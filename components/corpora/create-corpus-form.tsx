'use client';
import { useActionState, useState } from 'react';
import { createCorpusAction } from '@/lib/actions/corpora';
import type { ActionResult } from '@/lib/actions/define-action';
import { Field, actionFieldErrors } from '@/components/ui/field';

type State = ActionResult<never> | null;

export function CreateCorpusForm() {
  const [isOpen, setIsOpen] = useState(false);
  const [state, formAction, isPending] = useActionState<State, FormData>((_prev, data) => createCorpusAction(data), null);
  if (!isOpen) {
    return (
      <button type="button" onClick={() => setIsOpen(true)}>
        New corpus
      </button>
    );
  }
  return (
    <form action={formAction} className="card stack" aria-label="New corpus" style={{ width: '100%' }}>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Name" error={actionFieldErrors(state, 'name')}>
          <input name="name" required autoFocus />
        </Field>
        <Field label="Tier" error={actionFieldErrors(state, 'tier')}>
          <select name="tier" defaultValue="NONE">
            <option value="NONE">none (reference corpus)</option>
            <option value="GOLD">gold</option>
            <option value="SILVER">silver</option>
            <option value="BRONZE">bronze</option>
          </select>
        </Field>
        <Field label="Licence" error={actionFieldErrors(state, 'licence')}>
          <input name="licence" placeholder="e.g. CC BY 4.0" />
        </Field>
      </div>
      <Field label="Source" error={actionFieldErrors(state, 'source')}>
        <input name="source" placeholder="paper, repository or URL" />
      </Field>
      <Field
        label={
          <>
            Attribution <span className="small muted">(shown with the corpus)</span>
          </>
        }
        error={actionFieldErrors(state, 'attribution')}
      >
        <input name="attribution" />
      </Field>
      <Field label="Description" error={actionFieldErrors(state, 'description')}>
        <textarea name="description" rows={2} />
      </Field>
      <div className="row">
        <button type="submit" disabled={isPending}>
          {isPending ? 'Creating…' : 'Create corpus'}
        </button>
        <button type="button" className="secondary" onClick={() => setIsOpen(false)}>
          Cancel
        </button>
        {state && !state.ok && (
          <p role="alert" className="alert error">
            {state.error}
          </p>
        )}
      </div>
    </form>
  );
}
