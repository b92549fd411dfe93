/** Storage of the sign-in failure counters (policy: lib/access/login-throttle.ts). */
import type { Db } from './client';
import { registerFailure, type ThrottlePolicy, type ThrottleState } from '@/lib/access/login-throttle';

export async function getThrottleStates(db: Db, keys: string[]): Promise<Map<string, ThrottleState>> {
  const rows = await db.loginThrottle.findMany({ where: { key: { in: keys } } });
  return new Map(rows.map((r) => [r.key, { failures: r.failures, windowStart: r.windowStart, blockedUntil: r.blockedUntil }]));
}

export async function recordFailedSignIn(db: Db, key: string, policy: ThrottlePolicy, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    // Row lock so concurrent failures count one by one.
    await tx.$executeRaw`INSERT INTO "LoginThrottle" ("key", "failures", "windowStart", "updatedAt") VALUES (${key}, 0, ${now}, ${now}) ON CONFLICT ("key") DO NOTHING`;
    const rows = await tx.$queryRaw<ThrottleState[]>`SELECT "failures", "windowStart", "blockedUntil" FROM "LoginThrottle" WHERE "key" = ${key} FOR UPDATE`;
    const next = registerFailure(rows[0] ?? null, now, policy);
    await tx.loginThrottle.update({ where: { key }, data: next });
  });
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
