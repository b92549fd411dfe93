/**
 * Server-side access checks. Every page, Server Action and route handler calls one of these;
 * they read the user (and role) from the database on every request and accept the session only
 * while its session version is the user's current one, so a sign-out, a password reset, a role
 * change or a deactivation ends existing sessions at once. Pages get redirects / 403 pages;
 * actions and API routes get AppErrors that their wrappers turn into 401/403 responses.
 */
import { cache } from 'react';
import { forbidden, redirect } from 'next/navigation';
import { AppError } from '@/lib/errors/app-error';
import { canUseArea, type Area, type RoleName } from '@/lib/access/roles';
import { auth } from './auth';
import { userForSessionClaims, type CurrentUser } from './session-user';

export type { CurrentUser };

/** The signed-in, active user of a current session, or null. Cached for the duration of one request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await auth();
  return userForSessionClaims(session?.user?.id, session?.sessionVersion);
});

// ─── pages ──────────────────────────────────────────────────────────────────

export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect('/login');
  return user;
}

/** Renders the 403 page unless the user's role may use the area. */
export async function requireArea(area: Area): Promise<CurrentUser> {
  const user = await requireUser();
  if (!canUseArea(user.role, area)) forbidden();
  return user;
}

// ─── actions and API routes ─────────────────────────────────────────────────

export async function authenticate(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return user;
}

export function assertRole(user: CurrentUser, allowed: readonly RoleName[]): void {
  if (!allowed.includes(user.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
}
