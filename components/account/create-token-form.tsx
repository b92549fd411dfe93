'use client';
import { useActionState } from 'react';
import { createApiTokenAction } from '@/lib/actions/tokens';
import type { ActionResult } from '@/lib/actions/define-action';
import { Field, actionFieldErrors } from '@/components/ui/field';

type State = ActionResult<{ id: number; token: string; name: string; expiresAt: string | null }> | null;

/** Creates a token and shows its secret once, with how to use it. */
export function CreateTokenForm() {
  const [state, formAction, isPending] = useActionState<State, FormData>((_prev, data) => createApiTokenAction(data), null);
  return (
    <form action={formAction} className="card stack" aria-label="Create API token">
      <h2 style={{ marginTop: 0 }}>New token</h2>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Name" error={actionFieldErrors(state, 'name')}>
          <input name="name" required maxLength={80} placeholder="e.g. analysis notebook" />
        </Field>
        <Field
          label={
            <>
              Expires after (days) <span className="small muted">(empty: never)</span>
            </>
          }
          error={actionFieldErrors(state, 'expiresInDays')}
        >
          <input name="expiresInDays" type="number" min={1} max={3650} />
        </Field>
      </div>
      <div className="row">
        <button type="submit" disabled={isPending}>
          {isPending ? 'Creating…' : 'Create token'}
        </button>
      </div>
      {state && !state.ok && (
        <p role="alert" className="alert error">
          {state.error}
        </p>
      )}
      {state?.ok && (
        <div role="status" className="alert success stack">
          <span>Token “{state.data.name}” created. Copy it now: it is shown only once.</span>
          <code data-testid="new-token">{state.data.token}</code>
          <span className="small">
            Use it as <code>Authorization: Bearer {state.data.token.slice(0, 10)}…</code>; it acts with your role.
          </span>
        </div>
      )}
    </form>
  );
}
