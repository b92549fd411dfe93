'use client';
import { useActionState } from 'react';
import { createUserAction } from '@/lib/actions/users';
import type { ActionResult } from '@/lib/actions/define-action';
import { roleLabels, roles } from '@/lib/access/roles';
import { Field, actionFieldErrors } from '@/components/ui/field';

type State = ActionResult<{ email: string; temporaryPassword: string | null }> | null;

export function CreateUserForm() {
  const [state, formAction, isPending] = useActionState<State, FormData>((_prev, data) => createUserAction(data), null);
  return (
    <form action={formAction} className="card stack" aria-label="Create user">
      <h2 style={{ marginTop: 0 }}>New user</h2>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Email" error={actionFieldErrors(state, 'email')}>
          <input name="email" type="email" required />
        </Field>
        <Field label="Name" error={actionFieldErrors(state, 'name')}>
          <input name="name" required />
        </Field>
        <Field label="Role" error={actionFieldErrors(state, 'role')}>
          <select name="role" defaultValue="ANNOTATOR">
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={
            <>
              Password <span className="small muted">(empty: generate one)</span>
            </>
          }
          error={actionFieldErrors(state, 'password')}
        >
          <input name="password" type="password" autoComplete="new-password" />
        </Field>
      </div>
      <div className="row">
        <button type="submit" disabled={isPending}>
          {isPending ? 'Creating…' : 'Create user'}
        </button>
        {state && !state.ok && (
          <p role="alert" className="alert error">
            {state.error}
          </p>
        )}
        {state?.ok && (
          <p role="status" className="alert success">
            Created {state.data.email}.
            {state.data.temporaryPassword && (
              <>
                {' '}
                Temporary password (shown once): <code>{state.data.temporaryPassword}</code>
              </>
            )}
          </p>
        )}
      </div>
    </form>
  );
}
