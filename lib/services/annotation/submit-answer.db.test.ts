import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { isDisplaySwapped } from '@/lib/annotation/display-order';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { getNextPair, type NextPair } from '@/lib/db/campaigns/assignments';
import { submitAnswer } from './submit-answer';
import { listMyAnnotations, streamCampaignAnnotations, type AnnotationLine } from '@/lib/db/annotations/annotation-reads';
import { getSqlPool } from '@/lib/db/sql-pool';
import { setupWithBothOrders } from '@/lib/db/testing/display-orders';

const db = getDb();
/** An AppError CONFLICT whose message matches. */
const conflict = (message: RegExp) =>
  expect.objectContaining({ code: 'CONFLICT', message: expect.stringMatching(message) as string }) as Error;
const pool = getSqlPool();
afterAll(() => pool.end());

let counter = 0;
const newId = () => `test-submission-${Date.now()}-${(counter += 1)}`;

async function setup(pairs = 4, annotators = 1) {
  const users = await Promise.all(Array.from({ length: annotators }, () => makeUser(db)));
  const campaign = await makeCampaign(db, {
    pairs,
    overlap: 2,
    members: users.map((u) => u.email),
    questions: [
      'semantic',
      'paraphraseStrict',
      'relation',
      'rationale',
      { key: 'nli', type: 'choice', options: ['entailment', 'neutral', 'contradiction'] },
    ],
  });
  return { campaign, users, ref: parseCampaignRef(campaign.slug) };
}

async function held(ref: ReturnType<typeof parseCampaignRef>, userId: number): Promise<NextPair> {
  const next = await getNextPair(pool, ref, userId);
  if (next.kind !== 'pair') throw new Error('expected a pair');
  return next.pair;
}

const valid = { semantic: 3, paraphraseStrict: true, relation: 'forward', nli: 'entailment' };

describe('submitAnswer', () => {
  it('stores the first answer (created, version 1) and answers a retry with the same row, changing nothing', async () => {
    const { ref, users, campaign } = await setup();
    const pair = await held(ref, users[0]!.id);
    const submissionId = newId();
    const first = await submitAnswer(pool, ref, users[0]!.id, {
      submissionId,
      pairId: pair.pairId,
      answers: { ...valid, rationale: '  because  ' },
      durationMs: 4200,
    });
    expect(first.created).toBe(true);
    expect(first.annotation).toMatchObject({
      pairId: pair.pairId,
      submissionId,
      version: 1,
      durationMs: 4200,
      answers: { ...valid, rationale: 'because' },
    });
    const retry = await submitAnswer(pool, ref, users[0]!.id, {
      submissionId,
      pairId: pair.pairId,
      answers: { semantic: 0 },
      durationMs: 99,
    });
    expect(retry.created).toBe(false);
    expect(retry.annotation).toEqual(first.annotation);
    expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(1);
    const item = await db.campaignItem.findFirstOrThrow({ where: { campaignId: campaign.id, pairId: pair.pairId } });
    expect([item.answers, item.holds]).toEqual([1, 0]);
  });

  it('maps forward and reverse back to the stored order when the texts were shown swapped', async () => {
    const { ref, users, campaign } = await setupWithBothOrders(db, () => setup(12));
    let checked = 0;
    for (let i = 0; i < 12; i++) {
      const pair = await held(ref, users[0]!.id);
      const result = await submitAnswer(pool, ref, users[0]!.id, {
        submissionId: newId(),
        pairId: pair.pairId,
        answers: { ...valid, relation: 'forward' },
      });
      const swapped = isDisplaySwapped(true, campaign.id, users[0]!.id, pair.pairId);
      expect(result.annotation.answers.relation).toBe('forward');
      expect(result.annotation.storedAnswers.relation).toBe(swapped ? 'reverse' : 'forward');
      const stored = await db.annotation.findFirstOrThrow({
        where: { campaignId: campaign.id, pairId: pair.pairId },
        select: { answers: true },
      });
      expect((stored.answers as Record<string, unknown>).relation).toBe(swapped ? 'reverse' : 'forward');
      if (swapped) checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('reports every wrong answer per field (400)', async () => {
    const { ref, users } = await setup();
    const pair = await held(ref, users[0]!.id);
    const error = await submitAnswer(pool, ref, users[0]!.id, {
      submissionId: newId(),
      pairId: pair.pairId,
      answers: { semantic: 7, relation: 'sideways', nli: 'maybe', colour: 'red' },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_INPUT' });
    expect((error as { details: { fields: Record<string, string> } }).details.fields).toEqual({
      'answers.colour': 'is not a question of this campaign',
      'answers.semantic': 'must be an integer from 0 to 4, not 7',
      'answers.relation': 'must be one of equivalence, forward, reverse, intersection, exclusion, negation, not "sideways"',
      'answers.nli': 'must be one of entailment, neutral, contradiction, not "maybe"',
      'answers.paraphraseStrict': 'is required',
    });
  });

  it('keeps edits as versions: the current baseVersion makes version + 1 with the old values in the history; a stale one is 409 with the current values', async () => {
    const { ref, users } = await setup();
    const userId = users[0]!.id;
    const pair = await held(ref, userId);
    const first = await submitAnswer(pool, ref, userId, {
      submissionId: newId(),
      pairId: pair.pairId,
      answers: valid,
      durationMs: 1000,
    });
    const edit = await submitAnswer(pool, ref, userId, {
      submissionId: newId(),
      pairId: pair.pairId,
      answers: { ...valid, semantic: 1 },
      baseVersion: 1,
      durationMs: 500,
    });
    expect(edit).toMatchObject({ created: false, annotation: { version: 2, durationMs: 1500, answers: { semantic: 1 } } });
    const stale = await submitAnswer(pool, ref, userId, {
      submissionId: newId(),
      pairId: pair.pairId,
      answers: { ...valid, semantic: 4 },
      baseVersion: 1,
    }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: 'CONFLICT', details: { current: { version: 2, answers: { semantic: 1 } } } });
    const noBase = await submitAnswer(pool, ref, userId, {
      submissionId: newId(),
      pairId: pair.pairId,
      answers: valid,
    }).catch((e: unknown) => e);
    expect(noBase).toMatchObject({ code: 'CONFLICT' });
    // the first submission's id still answers with the current row
    const replay = await submitAnswer(pool, ref, userId, {
      submissionId: first.annotation.submissionId,
      pairId: pair.pairId,
      answers: valid,
    });
    expect(replay).toMatchObject({ created: false, annotation: { version: 2 } });
    const mine = await listMyAnnotations(pool, ref, userId, { limit: 10 });
    expect(mine.annotations).toHaveLength(1);
    expect(mine.annotations[0]).toMatchObject({
      pairId: pair.pairId,
      version: 2,
      texts: pair.texts,
      history: [{ version: 1, answers: { semantic: 3, relation: 'forward' } }],
    });
    expect(mine.annotations[0]!.history[0]!.createdAt).toBe(first.annotation.updatedAt.toISOString());
  });

  it('refuses pairs not handed to the caller (404), a submissionId another annotator used, and closed campaigns (409)', async () => {
    const { ref, users, campaign } = await setup(3, 2);
    const a = await held(ref, users[0]!.id);
    const b = await held(ref, users[1]!.id);
    const otherPair = (
      await db.campaignItem.findFirstOrThrow({ where: { campaignId: campaign.id, pairId: { notIn: [a.pairId, b.pairId] } } })
    ).pairId;
    await expect(
      submitAnswer(pool, ref, users[0]!.id, { submissionId: newId(), pairId: otherPair, answers: valid }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const shared = newId();
    await submitAnswer(pool, ref, users[0]!.id, { submissionId: shared, pairId: a.pairId, answers: valid });
    await expect(
      submitAnswer(pool, ref, users[1]!.id, { submissionId: shared, pairId: b.pairId, answers: valid }),
    ).rejects.toThrow(conflict(/already used/));
    await db.campaign.update({ where: { id: campaign.id }, data: { status: 'CLOSED' } });
    await expect(
      submitAnswer(pool, ref, users[1]!.id, { submissionId: newId(), pairId: b.pairId, answers: valid }),
    ).rejects.toThrow(conflict(/not active/));
    // a retry of what was stored still succeeds: the queue of an offline client drains even after the campaign closed
    await expect(
      submitAnswer(pool, ref, users[0]!.id, { submissionId: shared, pairId: a.pairId, answers: valid }),
    ).resolves.toMatchObject({ created: false });
    const outsider = await makeUser(db);
    await expect(
      submitAnswer(pool, ref, outsider.id, { submissionId: newId(), pairId: a.pairId, answers: valid }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('listMyAnnotations', () => {
  it('pages the caller’s answers, most recently handed out first', async () => {
    const { ref, users } = await setup(5);
    const order: number[] = [];
    for (let i = 0; i < 5; i++) {
      const pair = await held(ref, users[0]!.id);
      order.push(pair.pairId);
      await submitAnswer(pool, ref, users[0]!.id, { submissionId: newId(), pairId: pair.pairId, answers: valid });
    }
    const first = await listMyAnnotations(pool, ref, users[0]!.id, { limit: 2 });
    const second = await listMyAnnotations(pool, ref, users[0]!.id, { limit: 2, before: first.nextBefore! });
    const third = await listMyAnnotations(pool, ref, users[0]!.id, { limit: 2, before: second.nextBefore! });
    expect([...first.annotations, ...second.annotations, ...third.annotations].map((a) => a.pairId)).toEqual(
      [...order].reverse(),
    );
    expect(third.nextBefore).toBeNull();
  });
});

describe('streamCampaignAnnotations', () => {
  it('yields every current annotation in batches, with pseudonyms and stored-order answers', async () => {
    const { ref, users, campaign } = await setup(5, 2);
    for (const user of users) {
      for (let i = 0; i < 5; i++) {
        const pair = await held(ref, user.id);
        await submitAnswer(pool, ref, user.id, { submissionId: newId(), pairId: pair.pairId, answers: valid });
      }
    }
    const batches: AnnotationLine[][] = [];
    for await (const batch of streamCampaignAnnotations(pool, campaign.id, 3)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 3, 1]);
    const lines = batches.flat();
    const pseudonyms = await db.user.findMany({ where: { id: { in: users.map((u) => u.id) } }, select: { pseudonym: true } });
    expect(new Set(lines.map((l) => l.annotator))).toEqual(new Set(pseudonyms.map((p) => p.pseudonym)));
    const stored = await db.annotation.findMany({ where: { campaignId: campaign.id }, orderBy: { id: 'asc' } });
    expect(lines.map((l) => [l.pairId, l.submissionId, l.answers])).toEqual(
      stored.map((s) => [s.pairId, s.submissionId, s.answers]),
    );
    expect(lines[0]).toMatchObject({ version: 1, isGold: false, createdAt: stored[0]!.createdAt.toISOString() });
    // stopping early releases the connection
    for await (const batch of streamCampaignAnnotations(pool, campaign.id, 2)) {
      expect(batch).toHaveLength(2);
      break;
    }
    expect(pool.totalCount - pool.idleCount).toBe(0); // no connection left checked out
  });
});
