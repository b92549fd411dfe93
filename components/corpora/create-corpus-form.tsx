'use client';
import { useActionState, useState } from 'react';
import { createCorpusAction } from '@/lib/actions/corpora';
import type { ActionResult } from '@/lib/actions/define-action';

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
  const fieldError = (name: string) =>
    state && !state.ok && state.fieldErrors?.[name] ? <span className="field-error">{state.fieldErrors[name]?.join(' ')}</span> : null;
  return (
    <form action={formAction} className="card stack" aria-label="New corpus" style={{ width: '100%' }}>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <label>
          Name
          <input name="name" required autoFocus />
          {fieldError('name')}
        </label>
        <label>
          Tier
          <select name="tier" defaultValue="NONE">
            <option value="NONE">none (reference corpus)</option>
            <option value="GOLD">gold</option>
            <option value="SILVER">silver</option>
            <option value="BRONZE">bronze</option>
          </select>
        </label>
        <label>
          Licence
          <input name="licence" placeholder="e.g. CC BY 4.0" />
        </label>
      </div>
      <label>
        Source
        <input name="source" placeholder="paper, repository or URL" />
      </label>
      <label>
        Attribution <span className="small muted">(shown with the corpus)</span>
        <input name="attribution" />
      </label>
      <label>
        Description
        <textarea name="description" rows={2} />
      </label>
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
