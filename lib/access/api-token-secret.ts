/**
 * API token secrets: `pl_` + 43 base64url characters (256 random bits). Only the SHA-256 of a
 * token is stored; its first characters (the prefix) identify it in lists. Pure: node:crypto only.
 */
import { createHash, randomBytes } from 'node:crypto';

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new secret with what is stored of it. */
export function newApiTokenSecret(): { token: string; tokenHash: string; prefix: string } {
  const token = `pl_${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiToken(token), prefix: token.slice(0, 10) };
}

/** When a token that lives that many days expires (null: never). */
export function apiTokenExpiry(expiresInDays: number | null, now = Date.now()): Date | null {
  return expiresInDays === null ? null : new Date(now + expiresInDays * 86_400_000);
}
