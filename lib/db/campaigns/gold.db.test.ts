import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { getNextPair } from './assignments';
import { submitAnnotation } from '../annotations/annotations';
import { checkAssignmentInvariants } from './assignment-invariants';
import { listGoldAccuracy, setGoldAnswer, setMemberExcluded } from './gold';
import { getSqlPool } from '../sql-pool';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

let n = 0;
const submissionId = () => `gold-${Date.now()}-${(n += 1)}`;

async function setup(goldEvery: number) {
  const users = await Promise.all([0, 1].map(() => makeUser(db)));
  const campaign = await makeCampaign(db, {
    pairs: 12,
    sample: { strategy: 'random', size: 10, seed: 7 },
    overlap: 1,
    goldEvery,
    members: users.map((u) => u.email),
  });
  const items = await db.campaignItem.findMany({ where: { campaignId: campaign.id }, orderBy: { position: 'asc' } });
  const corpusPairs = await db.pair.findMany({
    where: { corpusId: (await db.campaignCorpus.findFirstOrThrow({ where: { campaignId: campaign.id } })).corpusId },
    select: { id: true },
  });
  const outside = corpusPairs.map((p) => p.id).filter((id) => !items.some((i) => i.pairId === id));
  return { campaign, users, ref: parseCampaignRef(String(campaign.id)), items, outside };
}

describe('gold pairs', () => {
  it('are marked with checked answers: 404 outside the corpora, 400 naming the answers that do not fit; an outside pair joins the campaign', async () => {
    const { campaign, items, outside } = await setup(3);
    await expect(
      setGoldAnswer(pool, campaign.id, { pairId: 2147483000, answers: { semantic: 3 }, explanation: 'x' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      setGoldAnswer(pool, campaign.id, { pairId: outside[0]!, answers: { semantic: 9, nope: 1 }, explanation: 'x' }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: {
        fields: {
          'answers.semantic': expect.stringMatching(/0 to 4/) as string,
          'answers.nope': 'is not a question of this campaign',
        },
      },
    });
    const joined = await setGoldAnswer(pool, campaign.id, {
      pairId: outside[0]!,
      answers: { semantic: 4, relation: 'equivalence' },
      explanation: 'Same meaning, other words.',
    });
    expect(joined).toMatchObject({ created: true, answers: { semantic: 4, relation: 'equivalence' } });
    const again = await setGoldAnswer(pool, campaign.id, {
      pairId: outside[0]!,
      answers: { semantic: 4 },
      explanation: 'Changed.',
    });
    expect(again.created).toBe(false);
    expect(
      await db.campaignItem.findUniqueOrThrow({ where: { campaignId_pairId: { campaignId: campaign.id, pairId: outside[0]! } } }),
    ).toMatchObject({ isGold: true, isOpen: false, answers: 0 });
    await setGoldAnswer(pool, campaign.id, {
      pairId: items[9]!.pairId,
      answers: { relation: 'negation' },
      explanation: 'One denies the other.',
    });
    expect(await db.campaignItem.count({ where: { campaignId: campaign.id, isGold: true } })).toBe(2);
  });

  it('every goldEvery-th pair handed out is gold, each annotator gets each gold pair once, answers say right or wrong, gold never counts towards the overlap', async () => {
    const { campaign, users, ref, items, outside } = await setup(3);
    await setGoldAnswer(pool, campaign.id, {
      pairId: outside[0]!,
      answers: { semantic: 4, relation: 'equivalence' },
      explanation: 'Same meaning, other words.',
    });
    await setGoldAnswer(pool, campaign.id, {
      pairId: items[9]!.pairId,
      answers: { relation: 'negation' },
      explanation: 'One denies the other.',
    });
    const golds = new Set([outside[0]!, items[9]!.pairId]);
    for (const [u, user] of users.entries()) {
      const seen: number[] = [];
      const remaining: number[] = [];
      const feedback: unknown[] = [];
      for (;;) {
        const result = await getNextPair(pool, ref, user.id);
        if (result.kind === 'none') break;
        const { pair } = result;
        expect(Object.keys(pair).sort()).toEqual([
          'done',
          'heldUntil',
          'image',
          'pairId',
          'questions',
          'remaining',
          'remainingCapped',
          'swapped',
          'texts',
          'wordingVersion',
        ]);
        seen.push(pair.pairId);
        remaining.push(pair.remaining);
        // user 0 misses the first gold pair's relation; everyone else answers "equivalence"/"negation" rightly
        const relation = golds.has(pair.pairId) && pair.pairId === items[9]!.pairId && u === 1 ? 'negation' : 'equivalence';
        const stored = await submitAnnotation(pool, ref, user.id, {
          submissionId: submissionId(),
          pairId: pair.pairId,
          answers: { semantic: 4, relation },
        });
        if (golds.has(pair.pairId)) feedback.push(stored.annotation.gold);
        else expect(stored.annotation.gold).toBeUndefined();
      }
      expect(seen.filter((id) => golds.has(id))).toHaveLength(2);
      expect(new Set(seen).size).toBe(seen.length);
      // gold pairs came 3rd and 6th; the count of pairs left falls by one each time, gold or not
      if (u === 0)
        expect(seen.map((id) => golds.has(id))).toEqual([
          false,
          false,
          true,
          false,
          false,
          true,
          false,
          false,
          false,
          false,
          false,
        ]);
      else expect(seen.length).toBe(2); // the ordinary pairs were all taken (overlap 1): the gold pairs come last
      for (let i = 1; i < remaining.length; i++) expect(remaining[i]).toBe(remaining[i - 1]! - 1);
      if (u === 0)
        expect(feedback).toContainEqual({
          correct: false,
          expected: { relation: 'negation' },
          explanation: 'One denies the other.',
        });
      else expect(feedback).toEqual([{ correct: true }, { correct: true }]);
    }
    // overlap 1: user 0 answered the ordinary pairs first, user 1 gets only the gold pairs after the rest are taken
    expect(await checkAssignmentInvariants(pool, campaign.id, { drained: true })).toEqual([]);
    expect(
      await db.campaignItem.findMany({
        where: { campaignId: campaign.id, isGold: true },
        select: { answers: true, holds: true, isOpen: true },
      }),
    ).toEqual([
      { answers: 0, holds: 0, isOpen: false },
      { answers: 0, holds: 0, isOpen: false },
    ]);

    const accuracy = await listGoldAccuracy(pool, campaign.id);
    const of = (i: number) => accuracy.find((a) => a.userId === users[i]!.id)!;
    expect(of(0)).toMatchObject({ answered: 2, correct: 1, accuracy: 0.5, flagged: true, excluded: false });
    expect(of(1)).toMatchObject({ answered: 2, correct: 2, accuracy: 1, flagged: false });

    const before = await db.finalLabel.count({ where: { campaignId: campaign.id } });
    expect(before).toBeGreaterThan(0);
    await setMemberExcluded(pool, campaign.id, users[0]!.id, true);
    expect((await listGoldAccuracy(pool, campaign.id)).find((a) => a.userId === users[0]!.id)!.excluded).toBe(true);
    // user 0 answered every ordinary pair (overlap 1): with them excluded every final label is open, with no answers counted
    const open = await db.finalLabel.findMany({
      where: { campaignId: campaign.id },
      select: { method: true, n: true, value: true },
    });
    expect(open).toHaveLength(before);
    expect(new Set(open.map((f) => `${f.method} ${f.n} ${JSON.stringify(f.value)}`))).toEqual(new Set(['UNANSWERED 0 null']));
    await setMemberExcluded(pool, campaign.id, users[0]!.id, false);
    expect(await db.finalLabel.count({ where: { campaignId: campaign.id } })).toBe(before);
  });

  it('a campaign with goldEvery 0 hands out no gold pairs, even when some are marked', async () => {
    const { campaign, users, ref, outside } = await setup(0);
    await setGoldAnswer(pool, campaign.id, { pairId: outside[0]!, answers: { semantic: 1 }, explanation: 'x' });
    const seen: number[] = [];
    for (;;) {
      const result = await getNextPair(pool, ref, users[0]!.id);
      if (result.kind === 'none') break;
      seen.push(result.pair.pairId);
      await submitAnnotation(pool, ref, users[0]!.id, {
        submissionId: submissionId(),
        pairId: result.pair.pairId,
        answers: { semantic: 1, relation: 'forward' },
      });
    }
    expect(seen).toHaveLength(10);
    expect(seen).not.toContain(outside[0]);
  });

  it('a pair already handed out cannot become gold (409)', async () => {
    const { campaign, users, ref } = await setup(0);
    const first = await getNextPair(pool, ref, users[0]!.id);
    if (first.kind !== 'pair') throw new Error('no pair');
    await expect(
      setGoldAnswer(pool, campaign.id, { pairId: first.pair.pairId, answers: { semantic: 1 }, explanation: 'x' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
