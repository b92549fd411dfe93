'use client';
import { useActionState, useEffect, useRef } from 'react';
import { signInAction, type SignInState } from '@/lib/actions/session';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, isPending] = useActionState<SignInState, FormData>(signInAction, { error: null });
  const password = useRef<HTMLInputElement>(null);
  // After a refused sign-in the email stays; the password is what to type again.
  useEffect(() => {
    if (state.error && state.email) password.current?.focus();
  }, [state]);
  return (
    <form action={formAction} className="stack" style={{ marginTop: '1rem' }}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus defaultValue={state.email} />
      </label>
      <label>
        Password
        <input ref={password} name="password" type="password" autoComplete="current-password" required />
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
