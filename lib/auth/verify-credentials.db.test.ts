import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { signInPolicy } from '@/lib/access/login-throttle';
import { verifyCredentials } from './verify-credentials';
import type * as Password from '@/lib/access/password';

// Counts the argon2 verifications that actually run (the expensive step a guesser wants).
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@/lib/access/password', async (importOriginal) => {
  const original = await importOriginal<typeof Password>();
  return {
    ...original,
    verifyPassword: (hash: string, password: string) => {
      argon2.verifications += 1;
      return original.verifyPassword(hash, password);
    },
  };
});

let n = 0;
/** A fresh documentation-range address per use, so tests do not share counters. */
function nextAddress(): string {
  n += 1;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

const free = signInPolicy.counters.pair.freeFailures;
let address = '';
beforeEach(() => {
  address = nextAddress();
  argon2.verifications = 0;
});
// The global counter is shared by every sign-in in this worker's database: start each test afresh.
afterEach(async () => {
  await getDb().loginThrottle.deleteMany({ where: { key: 'global' } });
});

describe('verifyCredentials', () => {
  it('accepts the right password, case-insensitively on the email, and returns the session version', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    const result = await verifyCredentials({ email: user.email.toUpperCase(), password: 'correct horse battery' }, address);
    expect(result).toEqual({ ok: true, userId: user.id, sessionVersion: 0 });
  });

  it('answers a wrong password and an unknown email the same way, both after a password check', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    const wrong = await verifyCredentials({ email: user.email, password: 'nope' }, address);
    const unknown = await verifyCredentials({ email: `nobody-${Date.now()}@example.test`, password: 'nope' }, address);
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
    expect(unknown).toEqual(wrong);
    expect(argon2.verifications).toBe(2);
  });

  it('refuses deactivated accounts with the same generic answer', async () => {
    const db = getDb();
    const user = await makeUser(db, { password: 'correct horse battery' });
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await verifyCredentials({ email: user.email, password: 'correct horse battery' }, address)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses demo accounts unless the server runs in demo mode', async () => {
    const user = await makeUser(getDb(), { password: 'paralens-demo', isDemo: true });
    const credentials = { email: user.email, password: 'paralens-demo' };
    vi.stubEnv('PARALENS_DEMO', '0');
    expect(await verifyCredentials(credentials, address)).toEqual({ ok: false, reason: 'invalid' });
    vi.stubEnv('PARALENS_DEMO', '1');
    expect((await verifyCredentials(credentials, address)).ok).toBe(true);
    vi.unstubAllEnvs();
  });

  it('50 parallel wrong passwords for one account from one address: at most the limit are verified', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => verifyCredentials({ email: user.email, password: `guess-${i}` }, address)),
    );
    const refused = results.filter((r) => !r.ok && r.reason === 'rate_limited').length;
    console.log(
      `50 parallel guesses: ${argon2.verifications} verified, ${refused} refused before any password check, ${Date.now() - started} ms`,
    );
    expect(argon2.verifications).toBeLessThanOrEqual(free);
    expect(argon2.verifications).toBe(free);
    expect(refused).toBe(50 - free);
    // The limit holds for the right password too, from that address…
    const again = await verifyCredentials({ email: user.email, password: 'correct horse battery' }, address);
    expect(again.ok === false && again.reason).toBe('rate_limited');
    // …while the owner at a second address still signs in.
    expect(await verifyCredentials({ email: user.email, password: 'correct horse battery' }, nextAddress())).toMatchObject({
      ok: true,
      userId: user.id,
    });
  });

  it('failures from many other addresses do not lock the owner out', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    for (let a = 0; a < 6; a += 1) {
      const attacker = nextAddress();
      for (let i = 0; i <= free; i += 1) await verifyCredentials({ email: user.email, password: `wrong-${i}` }, attacker);
    }
    expect((await verifyCredentials({ email: user.email, password: 'correct horse battery' }, address)).ok).toBe(true);
  });

  it('delays an address that tries many accounts, but not the accounts that signed in there before', async () => {
    const known = await makeUser(getDb(), { password: 'correct horse battery' });
    expect((await verifyCredentials({ email: known.email, password: 'correct horse battery' }, address)).ok).toBe(true);
    for (let i = 0; i < signInPolicy.counters.address.freeFailures; i += 1) {
      await verifyCredentials({ email: `spray-${i}-${Date.now()}@example.test`, password: 'guess' }, address);
    }
    const other = await makeUser(getDb(), { password: 'correct horse battery' });
    const refused = await verifyCredentials({ email: other.email, password: 'correct horse battery' }, address);
    expect(refused.ok === false && refused.reason).toBe('rate_limited');
    expect((await verifyCredentials({ email: known.email, password: 'correct horse battery' }, address)).ok).toBe(true);
  });

  it('a global cap stops spraying from many addresses; known pairs still sign in', async () => {
    // One instant for the whole test, so the global delay (1 s at first) cannot run out mid-test.
    const options = {
      now: new Date(),
      policy: {
        ...signInPolicy,
        counters: { ...signInPolicy.counters, global: { ...signInPolicy.counters.global, freeFailures: 10 } },
      },
    };
    const home = address;
    const known = await makeUser(getDb(), { password: 'correct horse battery' });
    expect((await verifyCredentials({ email: known.email, password: 'correct horse battery' }, home, options)).ok).toBe(true);
    argon2.verifications = 0;
    const sprayed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        verifyCredentials({ email: `victim-${i}@example.test`, password: 'Summer2026!' }, nextAddress(), options),
      ),
    );
    expect(argon2.verifications).toBe(10);
    expect(sprayed.filter((r) => !r.ok && r.reason === 'rate_limited')).toHaveLength(20);
    const newcomer = await makeUser(getDb(), { password: 'correct horse battery' });
    const refused = await verifyCredentials({ email: newcomer.email, password: 'correct horse battery' }, nextAddress(), options);
    expect(refused.ok === false && refused.reason).toBe('rate_limited');
    expect((await verifyCredentials({ email: known.email, password: 'correct horse battery' }, home, options)).ok).toBe(true);
  });

  it('treats all unknown-address clients as one address', async () => {
    const user = await makeUser(getDb(), { password: 'correct horse battery' });
    for (let i = 0; i < free; i += 1) await verifyCredentials({ email: user.email, password: 'x' }, null);
    const refused = await verifyCredentials({ email: user.email, password: 'correct horse battery' }, null);
    expect(refused.ok === false && refused.reason).toBe('rate_limited');
  });

  it('records failed sign-ins in the audit log with the address', async () => {
    const email = `audit-${Date.now()}@example.test`;
    await verifyCredentials({ email, password: 'x' }, address);
    const entry = await getDb().auditLog.findFirst({ where: { action: 'auth.sign-in-failed', targetId: email } });
    expect(entry?.ip).toBe(address);
  });
});
