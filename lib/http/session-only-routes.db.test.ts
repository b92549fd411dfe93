/**
 * The session-only routes (docs/decisions/016): a valid API token, even an admin's, is refused
 * with 403 and the sentence that says to use the browser, and nothing is written: no token, no
 * account, no role, password or state changed, no token revoked. Called as real Next.js route
 * handlers (lib/http/api-route.ts); the direct path shares the check (lib/auth/header-auth.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { apiContracts } from '@/lib/api/contracts';
import { issueApiToken } from '@/lib/auth/api-token';
import { sessionOnlyRefusal } from '@/lib/auth/header-auth';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { makeUser } from '@/prisma/factories/users';
import * as tokens from '@/app/api/v1/tokens/route';
import * as token from '@/app/api/v1/tokens/[id]/route';
import * as users from '@/app/api/v1/users/route';
import * as role from '@/app/api/v1/users/[id]/role/route';
import * as password from '@/app/api/v1/users/[id]/password/route';
import * as active from '@/app/api/v1/users/[id]/active/route';
import * as userToken from '@/app/api/v1/users/[id]/tokens/[tokenId]/route';
import { GET as listCorpora } from '@/app/api/v1/corpora/route';

const db = getDb();
afterAll(() => getSqlPool().end());

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function snapshot() {
  const [users, tokens] = await Promise.all([
    db.user.findMany({ orderBy: { id: 'asc' }, select: { id: true, role: true, isActive: true, passwordHash: true } }),
    db.apiToken.findMany({ orderBy: { id: 'asc' }, select: { id: true, revokedAt: true } }),
  ]);
  return { users, tokens };
}

describe('session-only routes', () => {
  it('refuse a valid API token with 403 and change nothing, on every one of them', async () => {
    const admin = await makeUser(db, { role: 'ADMIN' });
    const target = await makeUser(db, { role: 'ANNOTATOR' });
    const { token: secret, view: adminToken } = await issueApiToken(db, admin.id, 'leaked', null);
    const { view: targetToken } = await issueApiToken(db, target.id, 'the target’s', null);
    const id = String(target.id);
    const calls: Array<{ key: string; handler: Handler; path: string; params: Record<string, string>; body?: unknown }> = [
      { key: 'POST /api/v1/tokens', handler: tokens.POST, path: '/api/v1/tokens', params: {}, body: { name: 'minted' } },
      {
        key: 'DELETE /api/v1/tokens/{id}',
        handler: token.DELETE,
        path: `/api/v1/tokens/${adminToken.id}`,
        params: { id: String(adminToken.id) },
      },
      {
        key: 'POST /api/v1/users',
        handler: users.POST,
        path: '/api/v1/users',
        params: {},
        body: { email: `minted-${Date.now()}@example.test`, name: 'Minted', role: 'ADMIN', password: 'a-long-password' },
      },
      {
        key: 'PUT /api/v1/users/{id}/role',
        handler: role.PUT,
        path: `/api/v1/users/${id}/role`,
        params: { id },
        body: { role: 'ADMIN' },
      },
      {
        key: 'POST /api/v1/users/{id}/password',
        handler: password.POST,
        path: `/api/v1/users/${id}/password`,
        params: { id },
        body: { password: 'a-long-password' },
      },
      {
        key: 'PUT /api/v1/users/{id}/active',
        handler: active.PUT,
        path: `/api/v1/users/${id}/active`,
        params: { id },
        body: { isActive: false },
      },
      {
        key: 'DELETE /api/v1/users/{id}/tokens/{tokenId}',
        handler: userToken.DELETE,
        path: `/api/v1/users/${id}/tokens/${targetToken.id}`,
        params: { id, tokenId: String(targetToken.id) },
      },
    ];
    // every session-only contract is called here, and nothing else
    const sessionOnly = apiContracts.filter((c) => c.sessionOnly).map((c) => `${c.method} ${c.path}`);
    expect(calls.map((c) => c.key).sort()).toEqual([...sessionOnly].sort());

    const before = await snapshot();
    for (const call of calls) {
      const method = call.key.split(' ')[0]!;
      const request = new NextRequest(`http://127.0.0.1${call.path}`, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
      const response = await call.handler(request, { params: Promise.resolve(call.params) });
      expect(response.status, call.key).toBe(403);
      expect(await response.json(), call.key).toEqual({ error: { code: 'FORBIDDEN', message: sessionOnlyRefusal } });
    }
    expect(await snapshot()).toEqual(before);
    // the token itself is good: a route that takes tokens answers it
    const corpora = new NextRequest('http://127.0.0.1/api/v1/corpora', { headers: { authorization: `Bearer ${secret}` } });
    expect((await listCorpora(corpora, { params: Promise.resolve({}) })).status).toBe(200);
    expect(await db.auditLog.count({ where: { actorId: admin.id } })).toBe(0);
  });
});
