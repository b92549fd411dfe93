/**
 * The user behind a session, without Next.js: the session cookie's claims (Auth.js JWT: `sub` the
 * user id, `sv` the session version at sign-in) are accepted only while the version is the user's
 * current one and the user is active, so a sign-out, a password reset, a role change or a
 * deactivation ends existing sessions at once; demo accounts only work in demo mode. The guards
 * (lib/auth/guards.ts, through Auth.js's `auth()`) and the web server's direct API path
 * (lib/http/node-api.ts, reading the cookie itself) both end here.
 */
import { getToken } from 'next-auth/jwt';
import { database } from '@/lib/db/database';
import { getSessionUser, type UserDto } from '@/lib/db/accounts/users';
import { isDemoMode } from '@/lib/runtime/demo';
import { setting, type Env } from '@/lib/config/settings';
import { SessionClaimsCache } from './session-claims-cache';

export type CurrentUser = UserDto;

/** The active user whose current session version the claims carry, or null. */
export async function userForSessionClaims(sub: unknown, sessionVersion: unknown): Promise<CurrentUser | null> {
  const id = Number(sub);
  if (!Number.isInteger(id) || id <= 0 || typeof sessionVersion !== 'number') return null;
  const user = await getSessionUser(database(), id, sessionVersion);
  if (user?.isDemo && !isDemoMode()) return null;
  return user;
}

/**
 * Whether Auth.js uses its `__Secure-` cookie names for this request: it does when the app's URL
 * is https, i.e. AUTH_URL says so, or else the request's X-Forwarded-Proto (which the web server
 * keeps only from a trusted proxy, lib/runtime/web-server.ts) or the socket does.
 */
export function usesSecureCookies(forwardedProto: string | undefined, encryptedSocket: boolean, env: Env = process.env): boolean {
  const url = setting('AUTH_URL', env);
  if (url) return url.startsWith('https:');
  const proto = forwardedProto?.split(',')[0]?.trim();
  return proto ? proto === 'https' : encryptedSocket;
}

const quietLogger = { error: () => undefined, warn: () => undefined, debug: () => undefined };

/** This process's decoded cookies, keyed by the secret, the cookie flavour and the whole Cookie header. */
const decoded = new SessionClaimsCache();

/** The user of the request's Auth.js session cookie (chunked cookies included), or null. */
export async function userFromSessionCookie(headers: Headers, secureCookie: boolean): Promise<CurrentUser | null> {
  const secret = setting('AUTH_SECRET');
  if (!secret || !headers.get('cookie')) return null;
  const key = `${secret}\u0000${secureCookie ? 's' : 'p'}${headers.get('cookie')}`;
  const cached = decoded.get(key);
  if (cached) return userForSessionClaims(cached.sub, cached.sv);
  // The same reader and key derivation Auth.js uses; an unreadable or expired cookie is "signed out".
  const claims = await getToken({ req: { headers }, secret, secureCookie, logger: quietLogger }).catch(() => null);
  if (claims) decoded.set(key, claims);
  return claims ? userForSessionClaims(claims.sub, claims.sv) : null;
}
