/**
 * PATCH /api/v1/campaigns/{id}/wording through its real route handler with API tokens: a wording
 * edit after answers exist is a new version (version 1, as created, stored beside it), audited,
 * and what annotators get from GET and next; a meaning change is refused with 409 once an answer
 * exists and nothing is written, and allowed before; a stale `basedOn` is refused; each answer
 * records the wording version it was given under (an edit of the answer, the version then); an
 * annotator gets 403 (signed out and another researcher: e2e/authorization.spec.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { getNextPair } from '@/lib/db/campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { getCampaignForCaller } from '@/lib/db/campaigns/campaign-view';
import { getCampaignWording } from '@/lib/db/campaigns/campaign-wording';
import type { Question } from '@/lib/annotation/questions';
import { PATCH as patchWording } from '@/app/api/v1/campaigns/[id]/wording/route';

const db = getDb();
const pool = getSqlPool();
afterAll(async () => {
  await pool.end();
});

const tokenFor = async (user: { id: number }) => (await issueApiToken(db, user.id, 'test', null)).token;
const patch = (campaignId: number, body: unknown, token: string) =>
  patchWording(
    new NextRequest(`http://127.0.0.1/api/v1/campaigns/${campaignId}/wording`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(campaignId) }) },
  );
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

async function setUp() {
  const researcher = await makeUser(db, { role: 'RESEARCHER', name: 'Rhea Researcher' });
  const annotator = await makeUser(db, { role: 'ANNOTATOR' });
  const campaign = await makeCampaign(db, {
    pairs: 3,
    questions: ['semantic', { key: 'nli', type: 'choice', options: ['entail', 'neutral'] }],
    members: [annotator.email],
    overlap: 1,
    createdById: researcher.id,
    guidelines: '# First guidelines',
  });
  const wording = (await getCampaignWording(db, { id: campaign.id }))!;
  return { researcher, annotator, campaign, token: await tokenFor(researcher), questions: wording.questions };
}

const relabel = (questions: Question[], label: string): Question[] => questions.map((q, i) => (i === 0 ? { ...q, label } : q));

async function answerNext(campaignId: number, userId: number, submissionId: string) {
  const next = await getNextPair(pool, { id: campaignId }, userId);
  if (next.kind !== 'pair') throw new Error('no pair');
  await submitAnswer(pool, { id: campaignId }, userId, {
    submissionId,
    pairId: next.pair.pairId,
    answers: { semantic: 2, nli: 'entail' },
  });
  return next.pair;
}

describe('editing the wording after launch', () => {
  it('saves a new version, keeps version 1, audits it, and annotators get the new text and version', async () => {
    const { researcher, annotator, campaign, token, questions } = await setUp();
    const first = await answerNext(campaign.id, annotator.id, `w-${campaign.id}-1`);
    expect(first.wordingVersion).toBe(1);

    const res = await patch(
      campaign.id,
      { basedOn: 1, guidelines: '# Corrected guidelines', questions: relabel(questions, 'How close is the meaning?') },
      token,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ slug: campaign.slug, version: 2, changes: ['guidelines', 'semantic: label'] });

    const wording = (await getCampaignWording(db, { id: campaign.id }))!;
    expect(wording.version).toBe(2);
    expect(wording.versions.map((v) => [v.number, v.editor, v.changes])).toEqual([
      [2, 'Rhea Researcher', ['guidelines', 'semantic: label']],
      [1, 'Rhea Researcher', []],
    ]);
    const stored = await db.campaignWordingVersion.findMany({
      where: { campaignId: campaign.id },
      orderBy: { number: 'asc' },
      select: { guidelines: true },
    });
    expect(stored.map((v) => v.guidelines)).toEqual(['# First guidelines', '# Corrected guidelines']);
    const audit = await db.auditLog.findFirst({
      where: { action: 'campaign.wording', targetId: String(campaign.id) },
      select: { actorId: true, details: true },
    });
    expect(audit).toEqual({ actorId: researcher.id, details: { version: 2, changes: ['guidelines', 'semantic: label'] } });

    const view = (await getCampaignForCaller(pool, { id: campaign.id }, { id: annotator.id, role: 'ANNOTATOR' }))!;
    expect(view).toMatchObject({ wordingVersion: 2, guidelines: '# Corrected guidelines' });
    expect(view.questions[0]!.label).toBe('How close is the meaning?');
    const second = await answerNext(campaign.id, annotator.id, `w-${campaign.id}-2`);
    expect(second.wordingVersion).toBe(2);
    expect(second.questions[0]!.label).toBe('How close is the meaning?');

    const answers = await db.annotation.findMany({
      where: { campaignId: campaign.id },
      orderBy: { id: 'asc' },
      select: { pairId: true, wordingVersion: true },
    });
    expect(answers).toEqual([
      { pairId: first.pairId, wordingVersion: 1 },
      { pairId: second.pairId, wordingVersion: 2 },
    ]);
    // An edit of the first answer now is given under version 2.
    await submitAnswer(pool, { id: campaign.id }, annotator.id, {
      submissionId: `w-${campaign.id}-1b`,
      pairId: first.pairId,
      answers: { semantic: 3, nli: 'entail' },
      baseVersion: 1,
    });
    expect(
      (
        await db.annotation.findFirst({
          where: { campaignId: campaign.id, pairId: first.pairId },
          select: { wordingVersion: true },
        })
      )?.wordingVersion,
    ).toBe(2);
  });

  it('refuses a meaning change once an answer exists (409, nothing written), and a stale version', async () => {
    const { annotator, campaign, token, questions } = await setUp();
    await answerNext(campaign.id, annotator.id, `m-${campaign.id}-1`);
    const moreOptions = questions.map((q) =>
      q.key === 'nli' ? { ...q, options: [...q.options!, { value: 'contradict', label: 'contradict' }] } : q,
    );
    const res = await patch(campaign.id, { basedOn: 1, guidelines: '# First guidelines', questions: moreOptions }, token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(
      'Only the wording can change now (nli: its options). 1 answer was given with these questions and options; changing them would change what those answers mean. Clone the campaign instead, and change them in the clone.',
    );
    const required = await patch(
      campaign.id,
      { basedOn: 1, guidelines: '# First guidelines', questions: questions.map((q) => ({ ...q, required: false })) },
      token,
    );
    expect(required.status).toBe(409);
    expect(await db.campaignWordingVersion.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect((await getCampaignWording(db, { id: campaign.id }))!.questions).toEqual(questions);

    expect((await patch(campaign.id, { basedOn: 1, guidelines: 'One', questions }, token)).status).toBe(200);
    const stale = await patch(campaign.id, { basedOn: 1, guidelines: 'Two', questions }, token);
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatch(/^Someone saved version 2 of the wording while you were editing version 1/);
  });

  it('allows a meaning change before any answer, and refuses blank labels and annotators', async () => {
    const { annotator, campaign, token, questions } = await setUp();
    const moreOptions = questions.map((q) =>
      q.key === 'nli' ? { ...q, options: [...q.options!, { value: 'contradict', label: 'contradicts' }] } : q,
    );
    const res = await patch(campaign.id, { basedOn: 1, guidelines: '# First guidelines', questions: moreOptions }, token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { changes: string[] }).changes).toEqual(['meaning: nli: its options']);
    expect((await getCampaignWording(db, { id: campaign.id }))!.questions[1]!.options!.map((o) => o.value)).toEqual([
      'entail',
      'neutral',
      'contradict',
    ]);

    const blank = await patch(campaign.id, { basedOn: 2, guidelines: '', questions: relabel(moreOptions, ' ') }, token);
    expect(blank.status).toBe(400);
    expect(await errorOf(blank)).toBe('semantic: the question needs a label.');
    expect(
      (await patch(campaign.id, { basedOn: 2, guidelines: 'x', questions: moreOptions }, await tokenFor(annotator))).status,
    ).toBe(403);
    expect((await getCampaignWording(db, { id: campaign.id }))!.version).toBe(2);
  });
});
