/**
 * Account changes and API tokens (lib/services/accounts/administer-accounts.ts, shared by Admin › Users and `paralens
 * user`): a password reset and a deactivation revoke the account's tokens for good and say so in
 * the audit log; activation brings none back; a role change keeps them (a token acts with the
 * role read on each request).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { makeUser } from '@/prisma/factories/users';
import { resetAccountPassword, setAccountActive, setAccountRole } from './administer-accounts';
import { issueApiToken, userForApiToken } from '@/lib/auth/api-token';
import { countUsableApiTokens, revokeApiToken } from '@/lib/db/accounts/api-tokens';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

const admin = () => makeUser(db, { role: 'ADMIN' });
const auditOf = (action: string, userId: number) =>
  db.auditLog.findFirst({
    where: { action, targetType: 'user', targetId: String(userId) },
    orderBy: { id: 'desc' },
    select: { actorId: true, details: true },
  });
const revokedAt = async (userId: number) =>
  (await db.apiToken.findMany({ where: { userId }, orderBy: { id: 'asc' }, select: { revokedAt: true } })).map(
    (t) => t.revokedAt,
  );

/** A user with two usable tokens and one expired one. */
async function userWithTokens() {
  const user = await makeUser(db, { role: 'RESEARCHER' });
  const first = (await issueApiToken(db, user.id, 'first', null)).token;
  const second = (await issueApiToken(db, user.id, 'second', 30)).token;
  const expired = await issueApiToken(db, user.id, 'expired', 1);
  await db.apiToken.update({ where: { id: expired.view.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect(await userForApiToken(pool, first)).toMatchObject({ id: user.id });
  return { user, tokens: [first, second] };
}

describe('API tokens follow the account', () => {
  it('a password reset revokes the usable tokens (not other users’), and says how many in the answer and the audit entry', async () => {
    const actor = await admin();
    const { user, tokens } = await userWithTokens();
    const bystander = await userWithTokens();
    const outcome = await resetAccountPassword(db, user.id, 'a new password 123', actor);
    expect(outcome.tokensRevoked).toBe(2);
    for (const token of tokens) expect(await userForApiToken(pool, token)).toBeNull();
    const [first, second, expired] = await revokedAt(user.id);
    expect(first).toBeInstanceOf(Date);
    expect(second).toBeInstanceOf(Date);
    expect(expired).toBeNull(); // already unusable: stays "expired"
    expect(await auditOf('user.password-reset', user.id)).toEqual({ actorId: actor.id, details: { tokensRevoked: 2 } });
    expect(await userForApiToken(pool, bystander.tokens[0]!)).toMatchObject({ id: bystander.user.id });
  });

  it('a deactivation revokes them, and activating the account again does not bring them back', async () => {
    const actor = await admin();
    const { user, tokens } = await userWithTokens();
    expect((await setAccountActive(db, user.id, false, actor)).tokensRevoked).toBe(2);
    expect(await auditOf('user.deactivate', user.id)).toEqual({ actorId: actor.id, details: { tokensRevoked: 2 } });
    const { user: activated, tokensRevoked } = await setAccountActive(db, user.id, true, actor);
    expect({ isActive: activated.isActive, tokensRevoked }).toEqual({ isActive: true, tokensRevoked: 0 });
    for (const token of tokens) expect(await userForApiToken(pool, token)).toBeNull();
    expect((await revokedAt(user.id)).filter((at) => at !== null)).toHaveLength(2);
    // a token made after activation works
    const fresh = (await issueApiToken(db, user.id, 'after', null)).token;
    expect(await userForApiToken(pool, fresh)).toMatchObject({ id: user.id });
  });

  it('from the command line (no actor) the audit entry says via cli; nothing to revoke counts 0', async () => {
    const user = await makeUser(db);
    expect((await resetAccountPassword(db, user.id, undefined, null)).tokensRevoked).toBe(0);
    expect(await auditOf('user.password-reset', user.id)).toEqual({ actorId: null, details: { tokensRevoked: 0, via: 'cli' } });
  });

  it('a role change keeps the tokens: each request reads the user’s current role', async () => {
    const actor = await admin();
    const { user, tokens } = await userWithTokens();
    await setAccountRole(db, user.id, 'ANNOTATOR', actor);
    expect(await userForApiToken(pool, tokens[0]!)).toMatchObject({ id: user.id, role: 'ANNOTATOR' });
  });
});

describe('an admin revokes a user’s token (Admin › Users › API tokens)', () => {
  it('revokes only a token of the user named: another user’s token id is refused and keeps working', async () => {
    const { user, tokens } = await userWithTokens();
    const other = await userWithTokens();
    const [token] = await db.apiToken.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' }, take: 1 });
    expect(await revokeApiToken(db, other.user.id, token!.id)).toBe(false);
    expect(await userForApiToken(pool, tokens[0]!)).toMatchObject({ id: user.id });
    expect((await countUsableApiTokens(db)).get(user.id)).toBe(2);
    expect(await revokeApiToken(db, user.id, token!.id)).toBe(true);
    expect(await userForApiToken(pool, tokens[0]!)).toBeNull();
    expect((await countUsableApiTokens(db)).get(user.id)).toBe(1);
    expect(await revokeApiToken(db, user.id, token!.id)).toBe(false);
  });
});
