/**
 * API tokens from the screens (POST/DELETE /api/v1/tokens, DELETE /api/v1/users/{id}/tokens/
 * {tokenId}): a signed-in user creates a token (the secret is returned once and stored only as its
 * SHA-256) and revokes one of their own; an admin revokes any user's token. Each change is audited.
 * The routes are session-only (docs/decisions/016): no API token reaches these.
 */
import { apiTokenExpiry, newApiTokenSecret } from '@/lib/access/api-token-secret';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { createApiTokenRow, revokeApiToken } from '@/lib/db/accounts/api-tokens';

export interface NewApiToken {
  id: number;
  /** the secret, shown once */
  token: string;
  name: string;
  expiresAt: string | null;
}

export async function createApiToken(
  db: Db,
  user: { id: number },
  { name, expiresInDays }: { name: string; expiresInDays?: number | null },
): Promise<NewApiToken> {
  const { token, tokenHash, prefix } = newApiTokenSecret();
  const view = await createApiTokenRow(db, {
    userId: user.id,
    name,
    tokenHash,
    prefix,
    expiresAt: apiTokenExpiry(expiresInDays ?? null),
  });
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
