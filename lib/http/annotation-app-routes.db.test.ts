/**
 * The App Router's copies of the three hot annotation routes (next, submit, skip). The production
 * web server answers these paths itself (lib/http/node-api.ts, node-api.db.test.ts), so these files
 * run only under `next dev` or another server; this test calls them through apiRoute with the same
 * requests as the direct path's test, so both stay one contract: statuses, JSON and error shapes.
 */
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { GET as next } from '@/app/api/v1/campaigns/[id]/next/route';
import { POST as submit } from '@/app/api/v1/campaigns/[id]/annotations/route';
import { POST as skip } from '@/app/api/v1/campaigns/[id]/skip/route';
import { issueApiToken } from '@/lib/auth/api-token';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';

const db = getDb();
afterAll(() => getSqlPool().end());

async function member() {
  const user = await makeUser(db, { role: 'ANNOTATOR' });
  const campaign = await makeCampaign(db, { members: [user.email], pairs: 2, overlap: 1 });
  const { token } = await issueApiToken(db, user.id, 'test', null);
  return { campaign, token };
}

function call<H extends (req: NextRequest, ctx: { params: Promise<{ id: string }> }) => Promise<Response>>(
  handler: H,
  id: string | number,
  path: string,
  token: string,
  body?: string,
) {
  const headers = { authorization: `Bearer ${token}` };
  const request = new NextRequest(`http://127.0.0.1/api/v1/campaigns/${id}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  return handler(request, { params: Promise.resolve({ id: String(id) }) });
}

const submission = (pairId: number, id = `app-${Date.now()}-${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({ submissionId: id, pairId, answers: { semantic: 3, relation: 'equivalence' }, durationMs: 1200 });

describe('the App Router copies of next, submit and skip', () => {
  it('answer as the direct path does: 200, 201, the retry 200, skip 204, then 204 when nothing is left', async () => {
    const { campaign, token } = await member();
    const first = await call(next, campaign.slug, 'next', token);
    expect(first.status).toBe(200);
    const pair = (await first.json()) as { pairId: number; texts: string[]; remaining: number };
    expect(pair).toMatchObject({ remaining: 2, texts: [expect.any(String), expect.any(String)] });
    expect(pair).not.toHaveProperty('swapped');
    const body = submission(pair.pairId);
    const created = await call(submit, campaign.id, 'annotations', token, body);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      pairId: pair.pairId,
      version: 1,
      answers: { semantic: 3, relation: 'equivalence' },
    });
    expect((await call(submit, campaign.id, 'annotations', token, body)).status).toBe(200);
    expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(1);
    const second = (await (await call(next, campaign.id, 'next', token)).json()) as { pairId: number };
    const skipped = await call(skip, campaign.id, 'skip', token, JSON.stringify({ pairId: second.pairId }));
    expect(skipped.status).toBe(204);
    expect(await skipped.text()).toBe('');
    expect((await call(next, campaign.id, 'next', token)).status).toBe(204);
  });

  it('refuse in the one error shape: 401 for an unknown token, 404 for a non-member, 400 naming the wrong fields, 409 for a closed campaign', async () => {
    const { campaign, token } = await member();
    const outsider = (await issueApiToken(db, (await makeUser(db, { role: 'ANNOTATOR' })).id, 'other', null)).token;
    // (no credentials at all would need a Next.js request scope for the session cookie: an unknown token instead)
    const signedOut = await call(next, campaign.id, 'next', 'not-a-token');
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const notMember = await call(next, campaign.id, 'next', outsider);
    expect(notMember.status).toBe(404);
    expect(await notMember.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const wrong = await call(
      submit,
      campaign.id,
      'annotations',
      token,
      JSON.stringify({ submissionId: 'x', pairId: -1, answers: {} }),
    );
    expect(wrong.status).toBe(400);
    const { error } = (await wrong.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('INVALID_INPUT');
    expect(Object.keys(error.fields).sort()).toEqual(['body.pairId', 'body.submissionId']);
    await db.campaign.update({ where: { id: campaign.id }, data: { status: 'CLOSED' } });
    const closed = await call(next, campaign.id, 'next', token);
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({
      error: { code: 'CONFLICT', message: expect.stringMatching(/not active/) as string },
    });
  });
});
