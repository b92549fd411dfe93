/**
 * Checks an email and password for sign-in. One answer for every failure (no hint whether the
 * email exists), the same hashing work either way, and rate limiting per account and address.
 */
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { clearThrottle, getThrottleStates, recordFailedSignIn } from '@/lib/db/login-throttle';
import { getUserCredentials, recordSignIn } from '@/lib/db/users';
import { recordAudit } from '@/lib/db/audit';
import { accountKey, accountPolicy, addressKey, addressPolicy, remainingBlockMs } from '@/lib/access/login-throttle';
import { getDummyHash, verifyPassword } from './password';

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(200),
});

export type CredentialsResult =
  | { ok: true; userId: number }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited'; retryAfterMs: number };

export async function verifyCredentials(input: unknown, address: string): Promise<CredentialsResult> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const { email, password } = parsed.data;
  const db = getDb();
  const keys = { account: accountKey(email), address: addressKey(address) };
  const states = await getThrottleStates(db, [keys.account, keys.address]);
  const now = new Date();
  const wait = Math.max(
    remainingBlockMs(states.get(keys.account) ?? null, now),
    remainingBlockMs(states.get(keys.address) ?? null, now),
  );
  if (wait > 0) return { ok: false, reason: 'rate_limited', retryAfterMs: wait };

  const user = await getUserCredentials(db, email);
  const matches = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !matches || !user.isActive) {
    await recordFailedSignIn(db, keys.account, accountPolicy, now);
    await recordFailedSignIn(db, keys.address, addressPolicy, now);
    await recordAudit(db, { action: 'auth.sign-in-failed', targetType: 'email', targetId: email, ip: address });
    return { ok: false, reason: 'invalid' };
  }
  await clearThrottle(db, keys.account);
  await recordSignIn(db, user.id);
  return { ok: true, userId: user.id };
}
