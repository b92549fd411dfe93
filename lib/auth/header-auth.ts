/**
 * Who sent an API request, and how: the session cookie, or an API token in `Authorization: Bearer
 * …` (acting with its user's current role; lib/auth/api-token.ts). A request that carries a token
 * is judged by the token alone, never by a cookie that happens to come along; a
 * cookie-authenticated request that changes something must come from this site
 * (lib/access/request-origin.ts), and so must one for a route whose contract says it changes
 * something even though it is a GET (`changesState`: claiming the next pair). A route whose contract
 * is `sessionOnly` (creating tokens, administering accounts; docs/decisions/016) refuses any token
 * with 403 before looking it up. The session reader is
 * an argument: Next.js route handlers pass
 * Auth.js's `auth()` (lib/auth/request-auth.ts), the web server's direct path reads the cookie
 * itself (lib/http/node-api.ts); both run these same rules. No Next.js imports.
 */
import { AppError } from '@/lib/errors/app-error';
import { hasBearerToken, isSameOriginRequest } from '@/lib/access/request-origin';
import { database } from '@/lib/db/database';
import { bearerToken, userForApiToken } from './api-token';
import type { CurrentUser } from './session-user';

export interface RequestAuth {
  user: CurrentUser;
  via: 'session' | 'token';
}

export interface AuthOptions {
  changesState?: boolean;
  sessionOnly?: boolean;
}

/** The answer to an API token on a session-only route. */
export const sessionOnlyRefusal =
  'API tokens cannot create tokens or administer accounts: sign in to Paralens in the browser and do it there.';

export async function authenticateHeaders(
  method: string,
  headers: Headers,
  sessionUser: () => Promise<CurrentUser>,
  { changesState = false, sessionOnly = false }: AuthOptions = {},
): Promise<RequestAuth> {
  if (hasBearerToken(headers.get('authorization'))) {
    if (sessionOnly) throw new AppError('FORBIDDEN', sessionOnlyRefusal);
    const token = bearerToken(headers);
    const user = token === null ? null : await userForApiToken(database(), token);
    if (!user) throw new AppError('UNAUTHENTICATED', 'The API token is not valid (unknown, revoked or expired).');
    return { user, via: 'token' };
  }
  const user = await sessionUser();
  const sameOrigin = isSameOriginRequest({
    method,
    origin: headers.get('origin'),
    // The web server drops X-Forwarded-Host unless a trusted proxy set it; Next fills it from Host.
    host: headers.get('x-forwarded-host') ?? headers.get('host'),
    fetchSite: headers.get('sec-fetch-site'),
    changesState,
  });
  if (!sameOrigin)
    throw new AppError('FORBIDDEN', 'This request must come from a Paralens page (cross-site requests are refused).');
  return { user, via: 'session' };
}
