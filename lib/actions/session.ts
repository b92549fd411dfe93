'use server';
/** Sign in and sign out. The only actions without a role: sign-in is what establishes one. */
import { AuthError } from 'next-auth';
import { signIn, signOut } from '@/lib/auth/auth';

export interface SignInState {
  error: string | null;
}

function field(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

export async function signInAction(_prev: SignInState, formData: FormData): Promise<SignInState> {
  const requested = field(formData, 'callbackUrl') || '/';
  const redirectTo = requested.startsWith('/') && !requested.startsWith('//') ? requested : '/';
  try {
    await signIn('credentials', {
      email: field(formData, 'email'),
      password: field(formData, 'password'),
      redirectTo,
    });
    return { error: null };
  } catch (error) {
    if (error instanceof AuthError) {
      const code = (error as AuthError & { code?: string }).code;
      if (code === 'rate_limited') return { error: 'Too many failed sign-in attempts. Wait 15 minutes and try again.' };
      return { error: 'Wrong email or password.' };
    }
    throw error; // the redirect after a successful sign-in
  }
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/login' });
}
