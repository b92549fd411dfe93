/**
 * API tokens from the screens (POST/DELETE /api/v1/tokens, DELETE /api/v1/users/{id}/tokens/
 * {tokenId}): a signed-in user creates a token (the secret is returned once and stored only as its
 * SHA-256) and revokes one of their own; an admin revokes any user's token. Each change is audited.
 * The routes are session-only (docs/decisions/016): no API token reaches these. `paralens token`
 * does the same from the command line for any account by its email (no actor, `via: "cli"`); its
 * messages are the command's, phrased as it prints them after `paralens token: `.
 */
import { apiTokenExpiry, newApiTokenSecret } from '@/lib/access/api-token-secret';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import {
  createApiTokenRow,
  listApiTokensWithUsers,
  revokeApiToken,
  revokeApiTokenById,
  type ApiTokenListing,
  type ApiTokenView,
} from '@/lib/db/accounts/api-tokens';
import { findUserByEmail, type UserDto } from '@/lib/db/accounts/users';

export interface NewApiToken {
  id: number;
  /** the secret, shown once */
  token: string;
  name: string;
  expiresAt: string | null;
}

/** A new token row for the user, and its secret (shown once). */
async function newApiToken(db: Db, userId: number, name: string, expiresInDays: number | null) {
  const { token, tokenHash, prefix } = newApiTokenSecret();
  const view = await createApiTokenRow(db, { userId, name, tokenHash, prefix, expiresAt: apiTokenExpiry(expiresInDays) });
  return { token, view };
}

export async function createApiToken(
  db: Db,
  user: { id: number },
  { name, expiresInDays }: { name: string; expiresInDays?: number | null },
): Promise<NewApiToken> {
  const { token, view } = await newApiToken(db, user.id, name, expiresInDays ?? null);
  await recordAudit(db, {
    actorId: user.id,
    action: 'token.create',
    targetType: 'api-token',
    targetId: view.id,
    details: { name, prefix: view.prefix },
  });
  return { id: view.id, token, name: view.name, expiresAt: view.expiresAt?.toISOString() ?? null };
}

/** One of the user's own active tokens. */
export async function revokeOwnApiToken(db: Db, user: { id: number }, tokenId: number): Promise<{ tokenId: number }> {
  if (!(await revokeApiToken(db, user.id, tokenId))) throw new AppError('NOT_FOUND', 'You have no active token with that id.');
  await recordAudit(db, { actorId: user.id, action: 'token.revoke', targetType: 'api-token', targetId: tokenId });
  return { tokenId };
}

/** Any user's active token, by an admin on the user's token page (`paralens token revoke` is the command line's way). */
export async function revokeUserApiToken(
  db: Db,
  admin: { id: number },
  userId: number,
  tokenId: number,
): Promise<{ tokenId: number }> {
  if (!(await revokeApiToken(db, userId, tokenId)))
    throw new AppError('NOT_FOUND', 'That user has no active token with that id.');
  await recordAudit(db, {
    actorId: admin.id,
    action: 'token.revoke',
    targetType: 'api-token',
    targetId: tokenId,
    details: { userId, via: 'web' },
  });
  return { tokenId };
}

const noUserWithEmail = (email: string) => new AppError('NOT_FOUND', `no user has the email ${email}`);

/** `paralens token create`: a token for the active account with that email. */
export async function createApiTokenForEmail(
  db: Db,
  { email, name, expiresInDays }: { email: string; name: string; expiresInDays: number | null },
): Promise<{ token: string; view: ApiTokenView; user: UserDto }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw noUserWithEmail(email);
  if (!user.isActive) throw new AppError('CONFLICT', `${user.email} is deactivated; activate the account first`);
  const { token, view } = await newApiToken(db, user.id, name, expiresInDays);
  await recordAudit(db, {
    action: 'token.create',
    targetType: 'api-token',
    targetId: view.id,
    details: { name: view.name, prefix: view.prefix, email: user.email, via: 'cli' },
  });
  return { token, view, user };
}

/** `paralens token list`: every token (never a secret), or those of the account with that email. */
export async function listApiTokensByEmail(db: Db, email?: string): Promise<ApiTokenListing[]> {
  let userId: number | undefined;
  if (email !== undefined) {
    const user = await findUserByEmail(db, email);
    if (!user) throw noUserWithEmail(email);
    userId = user.id;
  }
  return listApiTokensWithUsers(db, userId);
}

/** `paralens token revoke`: any active token, by its id. */
export async function revokeApiTokenFromCli(db: Db, tokenId: number): Promise<void> {
  if (!(await revokeApiTokenById(db, tokenId))) throw new AppError('NOT_FOUND', `no active token has the id ${tokenId}`);
  await recordAudit(db, { action: 'token.revoke', targetType: 'api-token', targetId: tokenId, details: { via: 'cli' } });
}
