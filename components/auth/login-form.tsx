'use client';
import { useActionState } from 'react';
import { signInAction, type SignInState } from '@/lib/actions/session';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, isPending] = useActionState<SignInState, FormData>(signInAction, { error: null });
  return (
    <form action={formAction} className="stack" style={{ marginTop: '1rem' }}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus={!state.email} defaultValue={state.email} />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required autoFocus={Boolean(state.email)} />
      </label>
      {state.error && (
        <p role="alert" className="alert error">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={isPending}>
        {isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
