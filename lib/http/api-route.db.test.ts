/**
 * The Next.js path of the API (lib/http/api-route.ts, through lib/auth/request-auth.ts): a real
 * route handler, GET /api/v1/corpora, called with a token. A demo account's token works only in
 * demo mode (its password is published), as its sessions do; the direct path's twin of this test
 * is in node-api.db.test.ts.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { GET } from '@/app/api/v1/corpora/route';

const db = getDb();
afterAll(() => getSqlPool().end());
afterEach(() => vi.unstubAllEnvs());

const listCorpora = (token: string) =>
  GET(new NextRequest('http://127.0.0.1/api/v1/corpora', { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });

describe('tokens on the Next.js API path', () => {
  it('refuses a demo account’s token outside demo mode (401) and accepts it in demo mode; other accounts’ tokens work in both', async () => {
    const demo = await makeUser(db, { role: 'RESEARCHER', isDemo: true });
    const regular = await makeUser(db, { role: 'RESEARCHER' });
    const demoToken = (await issueApiToken(db, demo.id, 'demo', null)).token;
    const regularToken = (await issueApiToken(db, regular.id, 'regular', null)).token;

    vi.stubEnv('PARALENS_DEMO', '0');
    const refused = await listCorpora(demoToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect((await listCorpora(regularToken)).status).toBe(200);
    expect((await db.apiToken.findFirstOrThrow({ where: { userId: demo.id } })).lastUsedAt).toBeNull();

    vi.stubEnv('PARALENS_DEMO', '1');
    expect((await listCorpora(demoToken)).status).toBe(200);
    expect((await listCorpora(regularToken)).status).toBe(200);
  });
});
