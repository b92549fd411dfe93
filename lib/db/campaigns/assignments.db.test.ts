import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign, type CampaignSpec } from '@/prisma/factories/campaigns';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { setupWithBothOrders } from '../testing/display-orders';
import { isDisplaySwapped } from '@/lib/annotation/display-order';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { getNextPair, NEXT_REMAINING_CAP, skipPair, type NextPair } from './assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { getSqlPool } from '../sql-pool';

const db = getDb();
/** An AppError CONFLICT whose message matches. */
const conflict = (message: RegExp) =>
  expect.objectContaining({ code: 'CONFLICT', message: expect.stringMatching(message) as string }) as Error;
const pool = getSqlPool();
afterAll(() => pool.end());

async function setup(spec: CampaignSpec & { annotators?: number } = {}) {
  const users = await Promise.all(Array.from({ length: spec.annotators ?? 3 }, () => makeUser(db)));
  const campaign = await makeCampaign(db, { members: users.map((u) => u.email), ...spec });
  return { campaign, users, ref: parseCampaignRef(String(campaign.id)) };
}

async function next(ref: ReturnType<typeof parseCampaignRef>, userId: number): Promise<NextPair | null> {
  const result = await getNextPair(pool, ref, userId);
  return result.kind === 'pair' ? result.pair : null;
}

let submissions = 0;
const answer = (ref: ReturnType<typeof parseCampaignRef>, userId: number, pairId: number) =>
  submitAnswer(pool, ref, userId, {
    submissionId: `sub-${Date.now()}-${(submissions += 1)}`,
    pairId,
    answers: { semantic: 2, relation: 'equivalence' },
  });

async function itemsOf(campaignId: number) {
  return db.campaignItem.findMany({
    where: { campaignId },
    orderBy: { position: 'asc' },
    select: { pairId: true, answers: true, holds: true, isOpen: true, position: true },
  });
}

describe('next', () => {
  it('holds one pair per annotator: asking again before answering returns the same pair', async () => {
    const { ref, users, campaign } = await setup({ pairs: 5 });
    const first = await next(ref, users[0]!.id);
    expect(first).toMatchObject({
      done: 0,
      remaining: 5,
      questions: [{ key: 'semantic' }, { key: 'relation' }, { key: 'rationale' }],
    });
    expect(first!.texts[0]).toMatch(/Pair \d+ of campaign/);
    expect(first!.remainingCapped).toBe(false);
    expect(new Date(first!.heldUntil).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const again = await next(ref, users[0]!.id);
    expect(again!.pairId).toBe(first!.pairId);
    expect(await db.assignment.count({ where: { campaignId: campaign.id, userId: users[0]!.id } })).toBe(1);
  });

  it('hands items out in position order, overlap annotators each, never the same pair twice to one annotator', async () => {
    const { ref, users, campaign } = await setup({ pairs: 3, overlap: 2, annotators: 3 });
    const items = await itemsOf(campaign.id);
    const got = [];
    for (const user of users) got.push((await next(ref, user.id))!.pairId);
    expect(got).toEqual([items[0]!.pairId, items[0]!.pairId, items[1]!.pairId]);
    expect((await itemsOf(campaign.id)).map((i) => [i.holds, i.isOpen])).toEqual([
      [2, false],
      [1, true],
      [0, true],
    ]);
    // Answer and continue: user 0 moves on to item 1 (not item 0 again), then item 2.
    await answer(ref, users[0]!.id, got[0]!);
    expect((await next(ref, users[0]!.id))!.pairId).toBe(items[1]!.pairId);
    await answer(ref, users[0]!.id, items[1]!.pairId);
    expect((await next(ref, users[0]!.id))!.pairId).toBe(items[2]!.pairId);
    await answer(ref, users[0]!.id, items[2]!.pairId);
    expect(await next(ref, users[0]!.id)).toBeNull();
    const after = await itemsOf(campaign.id);
    expect(after.map((i) => [i.answers, i.holds, i.isOpen])).toEqual([
      [1, 1, false],
      [1, 1, false],
      [1, 0, true],
    ]);
  });

  it('counts what is left up to NEXT_REMAINING_CAP and says when it stopped there', async () => {
    const { ref, users } = await setup({ pairs: NEXT_REMAINING_CAP + 2 });
    const first = await next(ref, users[0]!.id);
    expect([first!.remaining, first!.remainingCapped]).toEqual([NEXT_REMAINING_CAP, true]);
    // the held pair served again (another tab, a reload): still "at least the cap", not one more
    const again = await next(ref, users[0]!.id);
    expect(again!.pairId).toBe(first!.pairId);
    expect([again!.remaining, again!.remainingCapped]).toEqual([NEXT_REMAINING_CAP, true]);
    const { ref: small, users: few } = await setup({ pairs: NEXT_REMAINING_CAP });
    const only = await next(small, few[0]!.id);
    expect([only!.remaining, only!.remainingCapped]).toEqual([NEXT_REMAINING_CAP, false]);
  });

  it('counts done and remaining for the caller', async () => {
    const { ref, users } = await setup({ pairs: 4, overlap: 1, annotators: 2 });
    const a = await next(ref, users[0]!.id);
    expect([a!.done, a!.remaining]).toEqual([0, 4]);
    const b = await next(ref, users[1]!.id);
    expect([b!.done, b!.remaining]).toEqual([0, 3]); // user 0 holds the only slot of one pair
    await answer(ref, users[0]!.id, a!.pairId);
    const c = await next(ref, users[0]!.id);
    expect([c!.done, c!.remaining]).toEqual([1, 2]);
  });

  it('is 404 for non-members and unknown campaigns, 409 for a campaign that is not active', async () => {
    const { ref, campaign } = await setup({ pairs: 2 });
    const outsider = await makeUser(db);
    await expect(getNextPair(pool, ref, outsider.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getNextPair(pool, parseCampaignRef('no-such-campaign'), outsider.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const draft = await setup({ pairs: 1, status: 'draft' });
    await expect(getNextPair(pool, draft.ref, draft.users[0]!.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    // the slug works like the id
    expect(
      (
        await getNextPair(
          pool,
          parseCampaignRef(campaign.slug),
          (await db.campaignMember.findFirstOrThrow({ where: { campaignId: campaign.id } })).userId,
        )
      ).kind,
    ).toBe('pair');
  });

  it('shows the texts in the order md5(campaign:user:pair) gives, and in stored order without randomising', async () => {
    const { ref, users, campaign } = await setupWithBothOrders(db, () => setup({ pairs: 12, overlap: 1, annotators: 1 }));
    const swaps: boolean[] = [];
    for (;;) {
      const pair = await next(ref, users[0]!.id);
      if (!pair) break;
      const stored = await db.pair.findUniqueOrThrow({
        where: { id: pair.pairId },
        select: { textA: { select: { content: true } }, textB: { select: { content: true } } },
      });
      const swapped = isDisplaySwapped(true, campaign.id, users[0]!.id, pair.pairId);
      expect(pair.swapped).toBe(swapped);
      expect(pair.texts).toEqual(
        swapped ? [stored.textB.content, stored.textA.content] : [stored.textA.content, stored.textB.content],
      );
      swaps.push(swapped);
      await answer(ref, users[0]!.id, pair.pairId);
    }
    expect(swaps).toHaveLength(12);
    expect(swaps).toContain(true);
    expect(swaps).toContain(false);
    const plain = await setup({ pairs: 6, overlap: 1, annotators: 1, randomiseOrder: false });
    for (let i = 0; i < 6; i++) {
      const pair = await next(plain.ref, plain.users[0]!.id);
      expect(pair!.swapped).toBe(false);
      await answer(plain.ref, plain.users[0]!.id, pair!.pairId);
    }
  });

  it('never swaps a pair whose two texts are the same text: two annotators who both say forward store the same answer', async () => {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 12 }, (_, i) => ({ a: `The same text ${i}.`, b: `The same text ${i}.` })),
    );
    // md5 alone would swap some of them for the first annotator (setupWithBothOrders makes sure of it)
    const { ref, users, campaign } = await setupWithBothOrders(db, () =>
      setup({ corpora: [corpus.slug], overlap: 2, annotators: 2, questions: ['relation'] }),
    );
    for (const user of users) {
      for (;;) {
        const pair = await next(ref, user.id);
        if (!pair) break;
        expect(pair.swapped, `pair ${pair.pairId} of campaign ${campaign.id}`).toBe(false);
        expect(isDisplaySwapped(true, campaign.id, user.id, pair.pairId, pair.texts)).toBe(false);
        await submitAnswer(pool, ref, user.id, {
          submissionId: `same-${Date.now()}-${(submissions += 1)}`,
          pairId: pair.pairId,
          answers: { relation: 'forward' },
        });
      }
    }
    const stored = await db.annotation.findMany({ where: { campaignId: campaign.id }, select: { answers: true } });
    expect(stored).toHaveLength(24);
    expect(new Set(stored.map((a) => (a.answers as { relation: string }).relation))).toEqual(new Set(['forward']));
    expect(
      new Set(
        (await db.finalLabel.findMany({ where: { campaignId: campaign.id } })).map(
          (f) => `${f.method} ${JSON.stringify(f.value)}`,
        ),
      ),
    ).toEqual(new Set(['UNANIMOUS "forward"']));
  });
});

describe('expired holds', () => {
  const expire = (campaignId: number, userId: number) =>
    db.assignment.updateMany({
      where: { campaignId, userId, status: 'PENDING' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

  it('go back to the pool at the next call of someone else; the holder gets theirs back renewed if it was not released', async () => {
    const { ref, users, campaign } = await setup({ pairs: 2, overlap: 1, annotators: 3 });
    const held = await next(ref, users[0]!.id);
    await expire(campaign.id, users[0]!.id);
    const renewed = await next(ref, users[0]!.id);
    expect(renewed!.pairId).toBe(held!.pairId);
    expect(new Date(renewed!.heldUntil).getTime()).toBeGreaterThan(Date.now());
    await expire(campaign.id, users[0]!.id);
    // user 1 releases user 0's expired hold and gets the first item, which is free again
    const other = await next(ref, users[1]!.id);
    expect(other!.pairId).toBe(held!.pairId);
    expect(
      await db.assignment.findFirst({ where: { campaignId: campaign.id, userId: users[0]!.id }, select: { status: true } }),
    ).toEqual({ status: 'EXPIRED' });
    // user 0 never gets that pair again, but the next one
    const next0 = await next(ref, users[0]!.id);
    expect(next0!.pairId).not.toBe(held!.pairId);
  });

  it('take a late answer while a slot is free, and refuse it with 409 once the pair was reassigned', async () => {
    const { ref, users, campaign } = await setup({ pairs: 1, overlap: 2, annotators: 3 });
    const a = await next(ref, users[0]!.id);
    await expire(campaign.id, users[0]!.id);
    await next(ref, users[1]!.id); // releases user 0's hold, takes a slot
    const late = await answer(ref, users[0]!.id, a!.pairId);
    expect(late.created).toBe(true);
    expect((await itemsOf(campaign.id))[0]).toMatchObject({ answers: 1, holds: 1, isOpen: false });
    // Another expired annotator: both slots are taken now (one answer, one live hold).
    const { ref: ref2, users: u2, campaign: c2 } = await setup({ pairs: 1, overlap: 1, annotators: 2 });
    const b = await next(ref2, u2[0]!.id);
    await expire(c2.id, u2[0]!.id);
    await next(ref2, u2[1]!.id);
    await expect(answer(ref2, u2[0]!.id, b!.pairId)).rejects.toThrow(conflict(/reassigned/));
    expect(await db.annotation.count({ where: { campaignId: c2.id } })).toBe(0);
  });
});

describe('skip', () => {
  it('frees the slot and moves the annotator on; the pair is not offered to them again', async () => {
    const { ref, users, campaign } = await setup({ pairs: 2, overlap: 1, annotators: 2 });
    const first = await next(ref, users[0]!.id);
    await skipPair(pool, ref, users[0]!.id, first!.pairId);
    expect((await itemsOf(campaign.id))[0]).toMatchObject({ holds: 0, isOpen: true });
    expect((await next(ref, users[0]!.id))!.pairId).not.toBe(first!.pairId);
    expect((await next(ref, users[1]!.id))!.pairId).toBe(first!.pairId);
    await expect(skipPair(pool, ref, users[0]!.id, 999_999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
