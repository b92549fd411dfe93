/**
 * GET /api/v1/campaigns/{id}/compare through its real route handler with API tokens: an annotator
 * 403 (signed out: e2e/authorization.spec.ts), any researcher 200 (campaigns belong to the area);
 * two campaigns' final yes/no labels and the corpus's own labels compared on the pairs both label,
 * counted by hand; a question that does not fit 400, an unknown campaign in `with` 404.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { importAnnotationRows } from '@/lib/db/imports/annotation-import';
import { makeUser } from '@/prisma/factories/users';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { GET } from '@/app/api/v1/campaigns/[id]/compare/route';

const db = getDb();
afterAll(() => getSqlPool().end());

const get = (campaign: number, query: string, token: string) =>
  GET(
    new NextRequest(`http://127.0.0.1/api/v1/campaigns/${campaign}/compare?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    { params: Promise.resolve({ id: String(campaign) }) },
  );

const tokenFor = async (role: 'ANNOTATOR' | 'RESEARCHER') =>
  (await issueApiToken(db, (await makeUser(db, { role })).id, 'test', null)).token;

async function label(slug: string, answers: Record<string, boolean>) {
  const rows = Object.entries(answers).map(([originalId, yes], i) => ({
    line: i + 2,
    pair: { originalId },
    annotator: 'expert',
    answers: { paraphraseLoose: yes },
  }));
  const outcome = await importAnnotationRows(getSqlPool(), slug, rows);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
}

describe('GET /api/v1/campaigns/{id}/compare', () => {
  it('final labels against another campaign and against the corpus, with roles and bad parameters', async () => {
    const corpus = await makeCorpus(db);
    const truth = [true, true, false, false, true, false];
    await makePairs(
      db,
      corpus.id,
      truth.map((t, i) => ({
        a: `First text ${i} of ${corpus.slug}.`,
        b: `Second text ${i} of ${corpus.slug}.`,
        originalId: `p${i + 1}`,
        referenceIsParaphrase: t,
      })),
    );
    const crowd = await makeCampaign(db, {
      corpora: [corpus.slug],
      questions: ['paraphraseLoose', 'rationale'],
      sample: { strategy: 'all', seed: 1 },
    });
    const experts = await makeCampaign(db, {
      corpora: [corpus.slug],
      questions: ['paraphraseLoose'],
      sample: { strategy: 'all', seed: 2 },
    });
    // crowd labels p1-p5, experts p2-p6: both label p2-p5
    await label(crowd.slug, { p1: true, p2: true, p3: true, p4: false, p5: false });
    await label(experts.slug, { p2: true, p3: false, p4: false, p5: true, p6: false });

    expect((await get(crowd.id, 'question=paraphraseLoose&with=source', await tokenFor('ANNOTATOR'))).status).toBe(403);
    const researcher = await tokenFor('RESEARCHER');
    const vsExperts = await get(crowd.id, `question=paraphraseLoose&with=campaign:${experts.id}:paraphraseLoose`, researcher);
    expect(vsExperts.status).toBe(200);
    // p2 yes/yes (tp), p3 yes/no (fp), p4 no/no (tn), p5 no/yes (fn): agreement 1/2, kappa 0
    expect(await vsExperts.json()).toEqual({
      question: 'paraphraseLoose',
      with: `campaign:${experts.id}:paraphraseLoose`,
      n: 4,
      onlyThis: 1,
      onlyOther: 1,
      categories: ['yes', 'no'],
      matrix: [
        [1, 1],
        [1, 1],
      ],
      agreement: 0.5,
      kappa: 0,
      kappaCi95: [expect.closeTo(-0.98, 2) as number, expect.closeTo(0.98, 2) as number],
      binary: { tp: 1, fp: 1, fn: 1, tn: 1, precision: 0.5, recall: 0.5, f1: 0.5 },
      // both sides say yes/no: no mapping is needed
      mapping: null,
    });

    // against the corpus's own labels of the crowd's pairs: p1 yes/yes, p2 yes/yes, p3 yes/no, p4
    // no/no, p5 no/yes; p6 (a crowd item without a final label) only on the corpus's side
    const vsSource = (await (await get(crowd.id, 'question=paraphraseLoose&with=source', researcher)).json()) as {
      n: number;
      onlyOther: number;
      matrix: number[][];
      binary: { precision: number; recall: number };
    };
    expect(vsSource).toMatchObject({
      n: 5,
      onlyThis: 0,
      onlyOther: 1,
      matrix: [
        [2, 1],
        [1, 1],
      ],
    });
    expect(vsSource.binary.precision).toBeCloseTo(2 / 3, 12);
    expect(vsSource.binary.recall).toBeCloseTo(2 / 3, 12);

    const badQuestion = await get(crowd.id, 'question=rationale&with=source', researcher);
    expect(badQuestion.status).toBe(400);
    expect(await badQuestion.json()).toMatchObject({
      error: { code: 'INVALID_INPUT', fields: { question: 'one of paraphraseLoose' } },
    });
    expect((await get(crowd.id, `question=paraphraseLoose&with=campaign:${experts.id}:nothing`, researcher)).status).toBe(400);
    expect(
      (await get(crowd.id, 'question=paraphraseLoose&with=campaign:no-such-campaign:paraphraseLoose', researcher)).status,
    ).toBe(404);
    expect((await get(crowd.id, 'question=paraphraseLoose&with=elsewhere', researcher)).status).toBe(400);
  });
});
