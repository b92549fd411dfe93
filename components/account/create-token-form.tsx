'use client';
import { createApiTokenContract } from '@/lib/api/contracts/accounts';
import { Field } from '@/components/ui/field';
import { useApiForm } from '@/components/ui/use-api-form';

/** Creates a token (POST /api/v1/tokens, browser session only) and shows its secret once, with how to use it. */
export function CreateTokenForm() {
  const { state, isPending, fieldError, submit } = useApiForm(createApiTokenContract, ({ name = '', expiresInDays = '' }) => ({
    body: { name, expiresInDays: expiresInDays.trim() === '' ? null : Number(expiresInDays) },
  }));
  return (
    <form onSubmit={submit} className="card stack" aria-label="Create API token">
      <h2 style={{ marginTop: 0 }}>New token</h2>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Name" error={fieldError('name')}>
          <input name="name" required maxLength={80} placeholder="e.g. analysis notebook" />
        </Field>
        <Field
          label={
            <>
              Expires after (days) <span className="small muted">(empty: never)</span>
            </>
          }
          error={fieldError('expiresInDays')}
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
          {state.message}
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
