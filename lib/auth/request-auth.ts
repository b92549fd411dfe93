/**
 * Who sent a route-handler request, and how: the session cookie, or (later) an API token in
 * `Authorization: Bearer …`. A request that carries a token is judged by the token alone, never by
 * a cookie that happens to come along; a cookie-authenticated request that changes something must
 * come from this site (lib/access/request-origin.ts).
 */
import { AppError } from '@/lib/errors/app-error';
import { hasBearerToken, isSameOriginRequest } from '@/lib/access/request-origin';
import { authenticate, type CurrentUser } from './guards';

export interface RequestAuth {
  user: CurrentUser;
  via: 'session' | 'token';
}

export async function authenticateRequest(request: Request): Promise<RequestAuth> {
  if (hasBearerToken(request.headers.get('authorization'))) {
    // API tokens (the ApiToken table) are looked up here once the read API issues them; until then none is valid.
    throw new AppError('UNAUTHENTICATED', 'This server does not accept API tokens yet; sign in instead.');
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
