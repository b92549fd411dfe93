'use client';
import { type ApiInput } from '@/lib/api/typed-client';
import { createUserContract } from '@/lib/api/contracts/accounts';
import { roleLabels, roles } from '@/lib/access/roles';
import { Field } from '@/components/ui/field';
import { useApiForm } from '@/components/ui/use-api-form';

/** "New user": POST /api/v1/users (admins, browser session only); a generated password is shown once. */
export function CreateUserForm() {
  const { state, isPending, fieldError, submit } = useApiForm(createUserContract, (values) => ({
    body: values as ApiInput<typeof createUserContract>['body'],
  }));
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
