/**
 * Who sent a route-handler request, and how: the session cookie, or an API token in
 * `Authorization: Bearer …` (acting with its user's current role; lib/auth/api-token.ts). A request that carries a token is judged by the token alone, never by
 * a cookie that happens to come along; a cookie-authenticated request that changes something must
 * come from this site (lib/access/request-origin.ts).
 */
import { AppError } from '@/lib/errors/app-error';
import { hasBearerToken, isSameOriginRequest } from '@/lib/access/request-origin';
import { getDb } from '@/lib/db/client';
import { bearerToken, userForApiToken } from './api-token';
import { authenticate, type CurrentUser } from './guards';

export interface RequestAuth {
  user: CurrentUser;
  via: 'session' | 'token';
}

export async function authenticateRequest(request: Request): Promise<RequestAuth> {
  if (hasBearerToken(request.headers.get('authorization'))) {
    const token = bearerToken(request.headers);
    const user = token === null ? null : await userForApiToken(getDb(), token);
    if (!user) throw new AppError('UNAUTHENTICATED', 'The API token is not valid (unknown, revoked or expired).');
    return { user, via: 'token' };
  }
  const user = await authenticate();
  const sameOrigin = isSameOriginRequest({
    method: request.method,
    origin: request.headers.get('origin'),
    // The web server drops X-Forwarded-Host unless a trusted proxy set it; Next fills it from Host.
    host: request.headers.get('x-forwarded-host') ?? request.headers.get('host'),
  });
  if (!sameOrigin) throw new AppError('FORBIDDEN', 'This request must come from a Paralens page (cross-site requests are refused).');
  return { user, via: 'session' };
}
