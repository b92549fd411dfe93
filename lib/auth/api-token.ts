/**
 * API tokens on requests: issued (the secret, lib/access/api-token-secret.ts, is shown once), read
 * from `Authorization: Bearer <token>`, and resolved to their user.
 */
import { apiTokenExpiry, hashApiToken, newApiTokenSecret } from '@/lib/access/api-token-secret';
import type { Db } from '@/lib/db/client';
import { createApiTokenRow, findUserByApiTokenHash, type ApiTokenView } from '@/lib/db/accounts/api-tokens';
import type { UserDto } from '@/lib/db/accounts/users';
import type { Queryable } from '@/lib/db/sql-pool';
import { isDemoMode } from '@/lib/runtime/demo';

export { hashApiToken };

/** Creates a token for the user and returns its secret, which is never shown again. */
export async function issueApiToken(
  db: Db,
  userId: number,
  name: string,
  expiresInDays: number | null,
): Promise<{ token: string; view: ApiTokenView }> {
  const { token, tokenHash, prefix } = newApiTokenSecret();
  const view = await createApiTokenRow(db, { userId, name, tokenHash, prefix, expiresAt: apiTokenExpiry(expiresInDays) });
  return { token, view };
}

/** The bearer token of a request's Authorization header, if it has one. */
export function bearerToken(headers: Headers): string | null {
  const value = headers.get('authorization');
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

/**
 * The user a token acts for, with the user's current role; null for unknown, revoked or expired
 * tokens, and for a demo account's token outside demo mode (its password is published; the same
 * rule as its sessions, lib/auth/session-user.ts). Both API paths authenticate tokens here
 * (lib/auth/header-auth.ts).
 */
export function userForApiToken(db: Queryable, token: string): Promise<UserDto | null> {
  if (!/^pl_[A-Za-z0-9_-]{20,}$/.test(token)) return Promise.resolve(null);
  return findUserByApiTokenHash(db, hashApiToken(token), isDemoMode());
}
