/**
 * API tokens from the screens (lib/services/accounts/api-tokens.ts): a new token works at once and
 * is stored only as its hash; revoking reaches only the user's own token (or, for an admin, the
 * named user's), and each change leaves its audit entry; a refused revocation changes nothing. The
 * command line's (`paralens token`) are audited without an actor, `via: "cli"`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hashApiToken } from '@/lib/access/api-token-secret';
import { userForApiToken } from '@/lib/auth/api-token';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { refusal } from '@/lib/testing/refusal';
import { makeUser } from '@/prisma/factories/users';
import {
  createApiToken,
  createApiTokenForEmail,
  listApiTokensByEmail,
  revokeApiTokenFromCli,
  revokeOwnApiToken,
  revokeUserApiToken,
} from './api-tokens';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

const auditOf = (action: string, tokenId: number) =>
  db.auditLog.findMany({
    where: { action, targetType: 'api-token', targetId: String(tokenId) },
    select: { actorId: true, details: true },
  });

describe('API tokens', () => {
  it('creates a token that works at once, stored as its hash, with an expiry and an audit entry', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const created = await createApiToken(db, user, { name: 'notebook', expiresInDays: 2 });
    expect(created.token).toMatch(/^pl_[A-Za-z0-9_-]{43}$/);
    expect((await userForApiToken(pool, created.token))?.id).toBe(user.id);
    const row = await db.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.tokenHash).toBe(hashApiToken(created.token));
    expect(row.prefix).toBe(created.token.slice(0, 10));
    const days = (Date.parse(created.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.99);
    expect(days).toBeLessThanOrEqual(2);
    expect(await auditOf('token.create', created.id)).toEqual([
      { actorId: user.id, details: { name: 'notebook', prefix: row.prefix } },
    ]);
    expect((await createApiToken(db, user, { name: 'forever' })).expiresAt).toBeNull();
  });

  it('revokes only your own token; another user’s is “not found” and stays usable', async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const created = await createApiToken(db, owner, { name: 'mine' });
    expect(await refusal(revokeOwnApiToken(db, other, created.id))).toEqual({
      code: 'NOT_FOUND',
      message: 'You have no active token with that id.',
    });
    expect(await userForApiToken(pool, created.token)).not.toBeNull();
    expect(await auditOf('token.revoke', created.id)).toEqual([]);

    expect(await revokeOwnApiToken(db, owner, created.id)).toEqual({ tokenId: created.id });
    expect(await userForApiToken(pool, created.token)).toBeNull();
    expect(await auditOf('token.revoke', created.id)).toEqual([{ actorId: owner.id, details: null }]);
    expect((await refusal(revokeOwnApiToken(db, owner, created.id))).code).toBe('NOT_FOUND');
  });

  it('lets an admin revoke the named user’s token, not one named under another user', async () => {
    const admin = await makeUser(db, { role: 'ADMIN' });
    const owner = await makeUser(db);
    const bystander = await makeUser(db);
    const created = await createApiToken(db, owner, { name: 'script' });
    expect(await refusal(revokeUserApiToken(db, admin, bystander.id, created.id))).toEqual({
      code: 'NOT_FOUND',
      message: 'That user has no active token with that id.',
    });
    expect(await userForApiToken(pool, created.token)).not.toBeNull();

    expect(await revokeUserApiToken(db, admin, owner.id, created.id)).toEqual({ tokenId: created.id });
    expect(await userForApiToken(pool, created.token)).toBeNull();
    expect(await auditOf('token.revoke', created.id)).toEqual([{ actorId: admin.id, details: { userId: owner.id, via: 'web' } }]);
  });

  it('from the command line: a token for an active account by email, listed and revoked, audited without an actor', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const { token, view } = await createApiTokenForEmail(db, { email: user.email, name: 'cron', expiresInDays: null });
    expect((await userForApiToken(pool, token))?.id).toBe(user.id);
    expect(await auditOf('token.create', view.id)).toEqual([
      { actorId: null, details: { name: 'cron', prefix: view.prefix, email: user.email, via: 'cli' } },
    ]);
    expect((await listApiTokensByEmail(db, user.email)).map((t) => t.id)).toEqual([view.id]);
    await revokeApiTokenFromCli(db, view.id);
    expect(await userForApiToken(pool, token)).toBeNull();
    expect(await auditOf('token.revoke', view.id)).toEqual([{ actorId: null, details: { via: 'cli' } }]);
    expect(await refusal(revokeApiTokenFromCli(db, view.id))).toEqual({
      code: 'NOT_FOUND',
      message: `no active token has the id ${view.id}`,
    });
    expect(await auditOf('token.revoke', view.id)).toHaveLength(1);
  });

  it('from the command line: refuses an unknown email and a deactivated account, writing nothing', async () => {
    const gone = await makeUser(db);
    await db.user.update({ where: { id: gone.id }, data: { isActive: false } });
    expect(await refusal(createApiTokenForEmail(db, { email: 'nobody@example.test', name: 'x', expiresInDays: null }))).toEqual({
      code: 'NOT_FOUND',
      message: 'no user has the email nobody@example.test',
    });
    expect((await refusal(listApiTokensByEmail(db, 'nobody@example.test'))).code).toBe('NOT_FOUND');
    expect(await refusal(createApiTokenForEmail(db, { email: gone.email, name: 'x', expiresInDays: null }))).toEqual({
      code: 'CONFLICT',
      message: `${gone.email} is deactivated; activate the account first`,
    });
    expect(await db.apiToken.count({ where: { userId: gone.id } })).toBe(0);
  });
});
