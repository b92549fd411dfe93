'use client';
import { useState, useTransition, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { apiFieldErrors, callApi, type ApiData } from '@/lib/api/client';
import { createApiTokenContract } from '@/lib/api/contracts/accounts';
import { Field } from '@/components/ui/field';

type State =
  | { ok: true; data: ApiData<typeof createApiTokenContract> }
  | { ok: false; message: string; fields: Record<string, string> }
  | null;

/** Creates a token (POST /api/v1/tokens, browser session only) and shows its secret once, with how to use it. */
export function CreateTokenForm() {
  const router = useRouter();
  const [state, setState] = useState<State>(null);
  const [isPending, startTransition] = useTransition();
  const fieldError = (name: string) => (state && !state.ok && state.fields[name] ? [state.fields[name]] : []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = Object.fromEntries(new FormData(formElement)) as Record<string, string>;
    const days = (form.expiresInDays ?? '').trim();
    const body = { name: form.name ?? '', expiresInDays: days === '' ? null : Number(days) };
    startTransition(async () => {
      const result = await callApi(createApiTokenContract, { body });
      if (!result.ok) return setState({ ok: false, message: result.message, fields: apiFieldErrors(result) });
      setState({ ok: true, data: result.data });
      formElement.reset();
      router.refresh();
    });
  };
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
