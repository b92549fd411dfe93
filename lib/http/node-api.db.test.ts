/**
 * The web server's direct path (lib/http/node-api.ts) on a plain Node server against the real
 * database: the same authentication rules, statuses, JSON and error shapes and security headers as
 * the App Router's route files, and everything it does not answer left to Next.js.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { healthAnswer } from '@/lib/db/health';
import { issueApiToken, hashApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { directRoutes } from './annotation-routes';
import { directApi, MAX_DIRECT_BODY_BYTES } from './node-api';

const db = getDb();
const SECRET = 'node-api-test-secret-that-is-long-enough';
const previousSecret = process.env.AUTH_SECRET;
let server: Server;
let base: string;
/** what the listener left to the caller (Next.js in the web server) */
const passedOn: string[] = [];

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  const answer = directApi(directRoutes, [{ path: '/api/health', answer: healthAnswer }]);
  server = createServer((req, res) => {
    if (answer(req, res)) return;
    passedOn.push(`${req.method} ${req.url}`);
    res.writeHead(299).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.env.AUTH_SECRET = previousSecret;
  await new Promise((resolve) => server.close(resolve));
  await getSqlPool().end();
});

async function member(role: 'ANNOTATOR' | 'RESEARCHER' = 'ANNOTATOR') {
  const user = await makeUser(db, { role });
  const campaign = await makeCampaign(db, { members: [user.email], pairs: 2, overlap: 1 });
  const { token } = await issueApiToken(db, user.id, 'test', null);
  return { user, campaign, token };
}

/**
 * An Auth.js session cookie for the user, as sign-in would set it (JWT encrypted with AUTH_SECRET,
 * salted with the cookie name).
 */
async function sessionCookie(userId: number, name = 'authjs.session-token'): Promise<string> {
  const { sessionVersion } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } });
  const jwt = await encode({ token: { sub: String(userId), sv: sessionVersion }, secret: SECRET, salt: name });
  return `${name}=${jwt}`;
}

const submission = (pairId: number, id = `sub-${Date.now()}-${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({ submissionId: id, pairId, answers: { semantic: 3, relation: 'equivalence' }, durationMs: 1200 });

describe('the direct API path', () => {
  it('answers next and submit with a token: 200, 201, the retry 200, then 204 when nothing is left', async () => {
    const { campaign, token } = await member();
    const auth = { authorization: `Bearer ${token}` };
    const next = await fetch(`${base}/api/v1/campaigns/${campaign.slug}/next`, { headers: auth });
    expect(next.status).toBe(200);
    expect(next.headers.get('content-type')).toBe('application/json');
    const pair = (await next.json()) as { pairId: number; texts: string[]; remaining: number; swapped?: unknown };
    expect(pair).toMatchObject({ remaining: 2, texts: [expect.any(String), expect.any(String)] });
    expect(pair).not.toHaveProperty('swapped');
    const body = submission(pair.pairId);
    const first = await fetch(`${base}/api/v1/campaigns/${campaign.id}/annotations`, { method: 'POST', headers: auth, body });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      pairId: pair.pairId,
      version: 1,
      answers: { semantic: 3, relation: 'equivalence' },
    });
    const retry = await fetch(`${base}/api/v1/campaigns/${campaign.id}/annotations`, { method: 'POST', headers: auth, body });
    expect(retry.status).toBe(200);
    expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(1);
    const second = (await (await fetch(`${base}/api/v1/campaigns/${campaign.id}/next`, { headers: auth })).json()) as {
      pairId: number;
    };
    const skip = await fetch(`${base}/api/v1/campaigns/${campaign.id}/skip`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ pairId: second.pairId }),
    });
    expect(skip.status).toBe(204);
    expect(await skip.text()).toBe('');
    expect((await fetch(`${base}/api/v1/campaigns/${campaign.id}/next`, { headers: auth })).status).toBe(204);
    const used = await db.apiToken.findFirstOrThrow({ where: { tokenHash: hashApiToken(token) }, select: { lastUsedAt: true } });
    expect(used.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses the signed-out (401), unknown or revoked tokens (401) and non-members (404) in the one error shape', async () => {
    const { campaign, token } = await member();
    const outsider = await member();
    const url = `${base}/api/v1/campaigns/${campaign.id}/next`;
    const signedOut = await fetch(url);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } });
    expect((await fetch(url, { headers: { authorization: 'Bearer pl_not-a-real-token-at-all-000000' } })).status).toBe(401);
    const other = await fetch(url, { headers: { authorization: `Bearer ${outsider.token}` } });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    await db.apiToken.updateMany({ where: { tokenHash: hashApiToken(token) }, data: { revokedAt: new Date() } });
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('refuses a demo account’s token outside demo mode (401) and accepts it in demo mode', async () => {
    const { user, campaign, token } = await member();
    await db.user.update({ where: { id: user.id }, data: { isDemo: true } });
    const url = `${base}/api/v1/campaigns/${campaign.id}/next`;
    const headers = { authorization: `Bearer ${token}` };
    try {
      vi.stubEnv('PARALENS_DEMO', '0');
      const refused = await fetch(url, { headers });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
      vi.stubEnv('PARALENS_DEMO', '1');
      expect((await fetch(url, { headers })).status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('names the wrong fields (400), refuses bodies that are not JSON or too large, and answers 409 for a closed campaign', async () => {
    const { campaign, token } = await member();
    const headers = { authorization: `Bearer ${token}` };
    const url = `${base}/api/v1/campaigns/${campaign.id}/annotations`;
    const wrong = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ submissionId: 'x', pairId: -1, answers: {} }),
    });
    expect(wrong.status).toBe(400);
    const { error } = (await wrong.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('INVALID_INPUT');
    expect(Object.keys(error.fields).sort()).toEqual(['body.pairId', 'body.submissionId']);
    const notJson = await fetch(url, { method: 'POST', headers, body: '{"submissionId":' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { fields: { body: 'is not valid JSON' } } });
    const huge = await fetch(url, { method: 'POST', headers, body: 'x'.repeat(MAX_DIRECT_BODY_BYTES + 1) });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ error: { fields: { body: 'is too large' } } });
    await db.campaign.update({ where: { id: campaign.id }, data: { status: 'CLOSED' } });
    const closed = await fetch(`${base}/api/v1/campaigns/${campaign.id}/next`, { headers });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({
      error: { code: 'CONFLICT', message: expect.stringMatching(/not active/) as string },
    });
  });

  it('reads the Auth.js session cookie: a GET works, a POST only from this site, and a bumped session version signs out', async () => {
    const { user, campaign } = await member();
    const cookie = await sessionCookie(user.id);
    const next = await fetch(`${base}/api/v1/campaigns/${campaign.id}/next`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(next.status).toBe(200);
    const { pairId } = (await next.json()) as { pairId: number };
    const url = `${base}/api/v1/campaigns/${campaign.id}/annotations`;
    const crossSite = await fetch(url, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
      body: submission(pairId),
    });
    expect(crossSite.status).toBe(403);
    expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(0);
    const noOrigin = await fetch(url, { method: 'POST', headers: { cookie }, body: submission(pairId) });
    expect(noOrigin.status).toBe(403);
    const sameSite = await fetch(url, { method: 'POST', headers: { cookie, origin: base }, body: submission(pairId) });
    expect(sameSite.status).toBe(201);
    // The secure cookie name is not read over plain HTTP, and a forged cookie is "signed out".
    expect(
      (
        await fetch(`${base}/api/v1/campaigns/${campaign.id}/next`, {
          headers: { cookie: await sessionCookie(user.id, '__Secure-authjs.session-token') },
        })
      ).status,
    ).toBe(401);
    expect(
      (await fetch(`${base}/api/v1/campaigns/${campaign.id}/next`, { headers: { cookie: 'authjs.session-token=forged' } }))
        .status,
    ).toBe(401);
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect((await fetch(`${base}/api/v1/campaigns/${campaign.id}/next`, { headers: { cookie } })).status).toBe(401);
  });

  it('claims a pair for a cookie GET of next only from this site (Origin or Sec-Fetch-Site same-origin/none); a token needs neither', async () => {
    const { user, campaign, token } = await member();
    const cookie = await sessionCookie(user.id);
    const url = `${base}/api/v1/campaigns/${campaign.id}/next`;
    const held = () => db.assignment.count({ where: { campaignId: campaign.id, userId: user.id } });
    const refused: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'null' },
    ];
    for (const extra of refused) {
      const res = await fetch(url, { headers: { cookie, ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(403);
      expect(await res.json()).toMatchObject({
        error: { code: 'FORBIDDEN', message: expect.stringMatching(/cross-site/) as string },
      });
    }
    expect(await held()).toBe(0);
    const accepted: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: base },
    ];
    for (const extra of accepted) {
      expect((await fetch(url, { headers: { cookie, ...extra } })).status, JSON.stringify(extra)).toBe(200);
    }
    expect(await held()).toBe(1);
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}`, 'sec-fetch-site': 'cross-site' } })).status).toBe(
      200,
    );
  });

  it('sends the security headers on every answer, the health check included', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({
      ok: true,
      database: 'up',
      instance: expect.any(String) as string,
      pid: process.pid,
      files: { path: expect.any(String) as string, shared: false, ok: true, reason: null },
    });
    const refused = await fetch(`${base}/api/v1/campaigns/1/next`);
    for (const res of [health, refused]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('leaves every other path, method and malformed parameter to Next.js', async () => {
    passedOn.length = 0;
    const paths = [
      '/api/v1/campaigns/1/next/',
      '/api/v1/campaigns/1/annotations/mine',
      '/api/v1/campaigns',
      '/api/healthz',
      '/api/health?via=next',
      '/dashboards',
      '/api/v1/campaigns/%E0%A4%A/next',
    ];
    for (const p of paths) expect((await fetch(`${base}${p}`)).status).toBe(299);
    expect((await fetch(`${base}/api/v1/campaigns/1/next`, { method: 'POST' })).status).toBe(299);
    expect((await fetch(`${base}/api/v1/campaigns/1/annotations`)).status).toBe(299); // GET: the JSON Lines stream
    expect(passedOn).toEqual([
      ...paths.map((p) => `GET ${p}`),
      'POST /api/v1/campaigns/1/next',
      'GET /api/v1/campaigns/1/annotations',
    ]);
  });
});

describe('usesSecureCookies (which Auth.js cookie name a request is read with)', () => {
  it('follows AUTH_URL when set, else the trusted X-Forwarded-Proto, else the socket', async () => {
    const { usesSecureCookies } = await import('@/lib/auth/session-user');
    expect(usesSecureCookies(undefined, false, {})).toBe(false);
    expect(usesSecureCookies(undefined, true, {})).toBe(true);
    expect(usesSecureCookies('https', false, {})).toBe(true);
    expect(usesSecureCookies('http, https', true, {})).toBe(false);
    expect(usesSecureCookies('http', false, { AUTH_URL: 'https://paralens.example' })).toBe(true);
    expect(usesSecureCookies('https', true, { NEXTAUTH_URL: 'http://localhost:3000' })).toBe(false);
  });
});
