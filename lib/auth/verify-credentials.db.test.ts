import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { accountPolicy } from '@/lib/access/login-throttle';
import { verifyCredentials } from './verify-credentials';

let address = '';
beforeEach(() => {
  address = `10.0.0.${Math.floor(Math.random() * 250)}-${Date.now()}`;
});

describe('verifyCredentials', () => {
  it('accepts the right password, case-insensitively on the email', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    const result = await verifyCredentials({ email: user.email.toUpperCase(), password: 'correct horse battery' }, address);
    expect(result).toEqual({ ok: true, userId: user.id });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    const wrong = await verifyCredentials({ email: user.email, password: 'nope' }, address);
    const unknown = await verifyCredentials({ email: `nobody-${Date.now()}@example.test`, password: 'nope' }, address);
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
    expect(unknown).toEqual(wrong);
  });

  it('refuses deactivated accounts with the same generic answer', async () => {
    const db = getDb();
    const user = await makeUser(db, { password: 'correct horse battery' });
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await verifyCredentials({ email: user.email, password: 'correct horse battery' }, address)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('blocks an account after repeated failures, even with the right password, from any address', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    for (let i = 0; i < accountPolicy.maxFailures; i += 1) {
      await verifyCredentials({ email: user.email, password: `wrong-${i}` }, `${address}-${i}`);
    }
    const blocked = await verifyCredentials({ email: user.email, password: 'correct horse battery' }, `${address}-other`);
    expect(blocked.ok).toBe(false);
    expect(blocked.ok === false && blocked.reason).toBe('rate_limited');
  });

  it('blocks an address that tries many accounts', async () => {
    for (let i = 0; i < 20; i += 1) {
      await verifyCredentials({ email: `spray-${i}-${Date.now()}@example.test`, password: 'guess' }, address);
    }
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    const result = await verifyCredentials({ email: user.email, password: 'correct horse battery' }, address);
    expect(result.ok === false && result.reason).toBe('rate_limited');
  });

  it('a success clears earlier failures of the account', async () => {
    const db = getDb();
    const user = await makeUser(db, { password: 'correct horse battery' });
    for (let i = 0; i < accountPolicy.maxFailures - 1; i += 1) await verifyCredentials({ email: user.email, password: 'x' }, address);
    expect((await verifyCredentials({ email: user.email, password: 'correct horse battery' }, address)).ok).toBe(true);
    expect(await db.loginThrottle.findUnique({ where: { key: `account:${user.email}` } })).toBeNull();
  });

  it('records failed sign-ins in the audit log', async () => {
    const email = `audit-${Date.now()}@example.test`;
    await verifyCredentials({ email, password: 'x' }, address);
    const entry = await getDb().auditLog.findFirst({ where: { action: 'auth.sign-in-failed', targetId: email } });
    expect(entry?.ip).toBe(address);
  });
});
