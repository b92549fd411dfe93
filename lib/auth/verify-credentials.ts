/**
 * Checks an email and password for sign-in. One answer for every failure (no hint whether the
 * email exists), the same hashing work either way, and throttling per account-and-address, per
 * address and globally (lib/access/login-throttle.ts): each attempt is reserved in the database
 * before the password is checked, so parallel guesses cannot exceed the limit.
 */
import { z } from 'zod';
import { database } from '@/lib/db/database';
import { purgeExpiredThrottles, recordSuccessfulSignIn, reserveSignInAttempt } from '@/lib/db/accounts/login-throttle';
import { getUserCredentials, recordSignIn } from '@/lib/db/accounts/users';
import { recordAudit } from '@/lib/db/accounts/audit';
import { signInKeys, signInPolicy, type SignInPolicy } from '@/lib/access/login-throttle';
import { addressBucket } from '@/lib/access/client-address';
import { isDemoMode } from '@/lib/runtime/demo';
import { getDummyHash, verifyPassword } from '@/lib/access/password';

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(200),
});

export type CredentialsResult =
  | { ok: true; userId: number; sessionVersion: number }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited'; retryAfterMs: number };

export interface VerifyOptions {
  policy?: SignInPolicy;
  now?: Date;
}

const purgeEveryMs = 10 * 60_000;
let lastPurge = 0;

/** Expired counters go now and then, off the sign-in's own path. */
function purgeNowAndThen(now: Date): void {
  if (now.getTime() - lastPurge < purgeEveryMs) return;
  lastPurge = now.getTime();
  purgeExpiredThrottles(database(), now).catch((error: unknown) =>
    console.error('[auth] purging sign-in counters failed', error),
  );
}

/** `address` is the validated client address, or null when it is unknown (all unknown clients share one counter). */
export async function verifyCredentials(
  input: unknown,
  address: string | null,
  options: VerifyOptions = {},
): Promise<CredentialsResult> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const { email, password } = parsed.data;
  const { policy = signInPolicy, now = new Date() } = options;
  const db = database();
  purgeNowAndThen(now);

  const keys = signInKeys(email, address ? addressBucket(address) : 'unknown');
  const reservation = await reserveSignInAttempt(db, keys, now, policy);
  if (!reservation.allowed) return { ok: false, reason: 'rate_limited', retryAfterMs: reservation.retryAfterMs };

  const user = await getUserCredentials(db, email);
  const matches = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  // Demo accounts share a published password: they only work on a demo server (loopback only).
  const mayUse = user !== null && user.isActive && (!user.isDemo || isDemoMode());
  if (!matches || !mayUse) {
    await recordAudit(db, { action: 'auth.sign-in-failed', targetType: 'email', targetId: email, ip: address });
    return { ok: false, reason: 'invalid' };
  }
  await recordSuccessfulSignIn(db, keys, reservation.counted, now, policy);
  await recordSignIn(db, user.id);
  return { ok: true, userId: user.id, sessionVersion: user.sessionVersion };
}
