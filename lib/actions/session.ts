'use server';
/** Sign in and sign out. The only actions without a role: sign-in is what establishes one. */
import { AuthError } from 'next-auth';
import { RateLimitedSignIn, signIn, signOut } from '@/lib/auth/auth';
import { getCurrentUser } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { endUserSessions } from '@/lib/db/accounts/users';
import { describeWait } from '@/lib/access/login-throttle';

export interface SignInState {
  error: string | null;
  /** the email given, so that a refused sign-in keeps it in the form (React resets a form after its action) */
  email?: string;
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
    const email = field(formData, 'email');
    if (error instanceof RateLimitedSignIn) {
      return { error: `Too many failed sign-in attempts. ${describeWait(error.retryAfterMs)} and try again.`, email };
    }
    if (error instanceof AuthError) return { error: 'Wrong email or password.', email };
    throw error; // the redirect after a successful sign-in
  }
}

/** Signs out everywhere: the session version moves on, so copies of this session's cookie stop working too. */
export async function signOutAction(): Promise<void> {
  const user = await getCurrentUser();
  if (user) await endUserSessions(database(), user.id);
  await signOut({ redirectTo: '/login' });
}
