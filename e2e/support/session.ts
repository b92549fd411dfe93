/**
 * Signing in without the login form: the fixture writes the Auth.js session cookie itself, the
 * same JWT the server issues after a sign-in (`sub` the user id, `sv` the user's session version,
 * lib/auth/config.ts), encrypted with the e2e server's AUTH_SECRET (its PARALENS_HOME's
 * secrets.json, or AUTH_SECRET when set, as lib/runtime/bootstrap.ts chooses). The server checks
 * it exactly as it checks a cookie from the form (lib/auth/session-user.ts), so a sign-out or a
 * password reset still ends it. Only the specs of the sign-in form itself go through the form.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import type { BrowserContext } from '@playwright/test';
import { setting } from '../../lib/config/settings';
import { withE2eDatabase } from './e2e-database';

const cookieName = 'authjs.session-token'; // over http: no __Secure- prefix (lib/auth/session-cookie.ts)
const maxAgeSeconds = 12 * 60 * 60; // lib/auth/config.ts

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];
/** A Playwright storage state: what `browser.newContext({ storageState })` and `request.newContext` take. */
export interface StorageState {
  cookies: Cookie[];
  origins: [];
}

function authSecret(): string {
  const fromEnv = setting('AUTH_SECRET');
  if (fromEnv) return fromEnv;
  const home = setting('PARALENS_E2E_HOME');
  if (!home) throw new Error('PARALENS_E2E_HOME is not set (playwright.config.ts sets it)');
  return (JSON.parse(readFileSync(path.join(home, 'secrets.json'), 'utf8')) as { authSecret: string }).authSecret;
}

/** The storage state of a browser signed in as `email` (an existing, active account). */
export async function storageStateFor(baseURL: string, email: string): Promise<StorageState> {
  const rows = await withE2eDatabase(async (db) => {
    const result = await db.query<{ id: number; sessionVersion: number }>(
      'SELECT id, "sessionVersion" FROM "User" WHERE email = $1',
      [email.toLowerCase()],
    );
    return result.rows;
  });
  const user = rows[0];
  if (!user) throw new Error(`no account ${email} in the e2e database`);
  const value = await encode({
    token: { sub: String(user.id), sv: user.sessionVersion },
    secret: authSecret(),
    salt: cookieName,
    maxAge: maxAgeSeconds,
  });
  const { hostname } = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + maxAgeSeconds;
  const cookie: Cookie = {
    name: cookieName,
    value,
    domain: hostname,
    path: '/',
    expires,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax',
  };
  return { cookies: [cookie], origins: [] };
}

/** Signs the context in as `email` by adding the session cookie (replacing any earlier session). */
export async function addSession(context: BrowserContext, baseURL: string, email: string): Promise<void> {
  await context.clearCookies({ name: cookieName });
  await context.addCookies((await storageStateFor(baseURL, email)).cookies);
}

/** Removes accounts the tests created (their sessions, tokens and answers go with them: ON DELETE CASCADE or SET NULL). */
export async function removeAccounts(emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await withE2eDatabase((db) => db.query('DELETE FROM "User" WHERE email = ANY($1::text[])', [emails]));
}
