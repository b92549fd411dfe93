/**
 * POST /api/v1/campaigns/{id}/annotations/file through its real route handler with API tokens:
 * an annotator 403 (signed out: e2e/authorization.spec.ts), any researcher (campaigns are shared by the campaigns area) 200;
 * `addPairs` creates the missing pairs (one the other way round in the `-reversed` corpus) and
 * audits it; a bad line is a 400 naming it, and nothing is written.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { POST } from '@/app/api/v1/campaigns/[id]/annotations/file/route';

const db = getDb();
afterAll(() => getSqlPool().end());

const post = (campaign: number, body: unknown, token?: string) =>
  POST(
    new NextRequest(`http://127.0.0.1/api/v1/campaigns/${campaign}/annotations/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(campaign) }) },
  );

const tokenFor = async (role: 'ANNOTATOR' | 'RESEARCHER') =>
  (await issueApiToken(db, (await makeUser(db, { role })).id, 'test', null)).token;

describe('POST /api/v1/campaigns/{id}/annotations/file', () => {
  it('roles, the pairs it creates in both directions, and a refused file that writes nothing', async () => {
    const owner = await makeUser(db, { role: 'RESEARCHER' });
    const campaign = await makeCampaign(db, {
      createdById: owner.id,
      questions: [{ key: 'nli', type: 'choice', label: 'NLI', options: ['E', 'C', 'N'], level: 'nominal' }],
    });
    const corpus = await makeCorpus(db);
    const content =
      'id,s1,s2,who,label\n1,A dog runs.,A dog is running.,w1,E\n1b,A dog is running.,A dog runs.,w1,N\n1,A dog runs.,A dog is running.,w2,E\n';
    const body = { format: 'csv', map: 'pair=id,a=s1,b=s2,annotator=who,nli=label', addPairs: corpus.slug, content };

    // signed out (no token, no cookie) is checked by e2e/authorization.spec.ts: the cookie path needs a request scope
    expect((await post(campaign.id, body, await tokenFor('ANNOTATOR'))).status).toBe(403);
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);

    // another researcher than the campaign's creator: campaigns belong to the area, not to a person
    const researcher = await tokenFor('RESEARCHER');
    const done = await post(campaign.id, body, researcher);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      annotations: 3,
      annotators: 2,
      pairs: 2,
      pairsAdded: 2,
      pairsCreated: 1,
      pairsCreatedReversed: 1,
      summary: `Imported 3 answers by 2 annotators on 2 pairs (2 added to the campaign). Created 1 pairs in ${corpus.slug} and 1 in ${corpus.slug}-reversed (the other direction).`,
    });
    const reversed = await db.pair.findFirstOrThrow({
      where: { originalId: '1b', corpus: { slug: `${corpus.slug}-reversed` } },
      select: { textA: { select: { content: true } }, annotations: { select: { answers: true } } },
    });
    expect(reversed).toEqual({ textA: { content: 'A dog is running.' }, annotations: [{ answers: { nli: 'N' } }] });
    expect(await db.auditLog.count({ where: { action: 'annotations.add-pairs', targetId: corpus.slug } })).toBe(1);

    const refused = await post(
      campaign.id,
      {
        ...body,
        content: 'id,s1,s2,who,label\n2,A cat sleeps.,A cat is asleep.,w1,E\n3,A bird sings.,A bird is singing.,w1,Q\n',
      },
      researcher,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 'INVALID_INPUT', fields: { 'line 3': 'answers.nli must be one of E, C, N, not "Q"' } },
    });
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(1);

    const noCorpus = await post(campaign.id, { ...body, addPairs: 'no-such-corpus' }, researcher);
    expect(noCorpus.status).toBe(400);
    expect(await noCorpus.json()).toMatchObject({
      error: { fields: { addPairs: '--add-pairs: no corpus has the slug or name "no-such-corpus"' } },
    });
    expect((await post(2147483000, body, researcher)).status).toBe(404);
  });
});
