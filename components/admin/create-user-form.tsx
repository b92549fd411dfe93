'use client';
import { useState, useTransition, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { apiFieldErrors, callApi, type ApiData, type ApiInput } from '@/lib/api/client';
import { createUserContract } from '@/lib/api/contracts/accounts';
import { roleLabels, roles } from '@/lib/access/roles';
import { Field } from '@/components/ui/field';

type State =
  { ok: true; data: ApiData<typeof createUserContract> } | { ok: false; message: string; fields: Record<string, string> } | null;

/** "New user": POST /api/v1/users (admins, browser session only); a generated password is shown once. */
export function CreateUserForm() {
  const router = useRouter();
  const [state, setState] = useState<State>(null);
  const [isPending, startTransition] = useTransition();
  const fieldError = (name: string) => (state && !state.ok && state.fields[name] ? [state.fields[name]] : []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const body = Object.fromEntries(new FormData(formElement)) as ApiInput<typeof createUserContract>['body'];
    startTransition(async () => {
      const result = await callApi(createUserContract, { body });
      if (!result.ok) return setState({ ok: false, message: result.message, fields: apiFieldErrors(result) });
      setState({ ok: true, data: result.data });
      formElement.reset();
      router.refresh();
    });
  };
  return (
    <form onSubmit={submit} className="card stack" aria-label="Create user">
      <h2 style={{ marginTop: 0 }}>New user</h2>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Email" error={fieldError('email')}>
          <input name="email" type="email" required />
        </Field>
        <Field label="Name" error={fieldError('name')}>
          <input name="name" required />
        </Field>
        <Field label="Role" error={fieldError('role')}>
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
          error={fieldError('password')}
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
            {state.message}
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
