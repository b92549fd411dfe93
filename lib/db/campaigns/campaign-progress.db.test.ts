/**
 * Progress numbers and campaign management against a real database, with pairs handed out and
 * answered through the same code the API uses (getNextPair, submitAnswer), so the item
 * counters are the ones production keeps. Every expected number is worked out by hand below.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { getNextPair } from './assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { getSqlPool } from '../sql-pool';
import {
  getCampaignTotals,
  listAnnotatorProgress,
  listCampaignProgress,
  listDailyAnswers,
  listStratumProgress,
} from './campaign-progress';
import {
  addCampaignMember,
  changeCampaignStatus,
  getCampaignDetail,
  listCampaignMembers,
  listMemberCandidates,
  removeCampaignMember,
} from './campaign-management';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

let submissions = 0;

async function work(ref: ReturnType<typeof parseCampaignRef>, userId: number, durationMs: number | null): Promise<number> {
  const next = await getNextPair(pool, ref, userId);
  if (next.kind !== 'pair') throw new Error('nothing left');
  if (durationMs !== null) {
    await submitAnswer(pool, ref, userId, {
      submissionId: `progress-${Date.now()}-${(submissions += 1)}`,
      pairId: next.pair.pairId,
      answers: { semantic: 3 },
      durationMs,
    });
  }
  return next.pair.pairId;
}

/**
 * Six pairs, overlap 2, three annotators. Items are handed out in position order p1..p6:
 * u1 answers p1, p2, p3 (10 s, 20 s, 30 s); u2 answers p1 (40 s), then holds p2; u3 does nothing.
 * Then p1 has 2 answers (complete, closed), p2 1 answer + 1 hold (closed), p3 1 answer (open),
 * p4-p6 nothing (open): 4 open items.
 */
async function scenario() {
  const [u1, u2, u3] = await Promise.all([
    makeUser(db, { name: 'Ann One' }),
    makeUser(db, { name: 'Ann Two' }),
    makeUser(db, { name: 'Ann Three' }),
  ]);
  const campaign = await makeCampaign(db, {
    pairs: 6,
    overlap: 2,
    questions: ['semantic'],
    members: [u1.email, u2.email, u3.email],
  });
  const ref = parseCampaignRef(String(campaign.id));
  for (const ms of [10_000, 20_000, 30_000]) await work(ref, u1.id, ms);
  await work(ref, u2.id, 40_000);
  const held = await work(ref, u2.id, null);
  return { campaign, ref, u1: u1, u2: u2, u3: u3, held };
}

describe('campaign progress', () => {
  it('counts completion, the median time, members, activity and live holds', async () => {
    const { campaign } = await scenario();
    expect(await getCampaignTotals(db, campaign.id)).toEqual({
      items: 6,
      goldItems: 0,
      answers: 4,
      targetAnswers: 12,
      completeItems: 1,
      medianMs: 25_000, // median of 10, 20, 30, 40 s
      annotators: 3,
      activeAnnotators: 2,
      liveHolds: 1,
    });
    // Nobody is active a fortnight from now.
    expect((await getCampaignTotals(db, campaign.id, new Date(Date.now() + 14 * 86_400_000))).activeAnnotators).toBe(0);
    const listed = (await listCampaignProgress(db)).find((c) => c.id === campaign.id);
    expect(listed).toMatchObject({ items: 6, overlap: 2, answers: 4, targetAnswers: 12, members: 3, status: 'ACTIVE' });
  });

  it('gives each annotator done, what they could still get, and their median time', async () => {
    const { campaign, u1, u2, u3 } = await scenario();
    const rows = await listAnnotatorProgress(db, campaign.id);
    const by = (id: number) => rows.find((r) => r.userId === id);
    // open items p3..p6 = 4; u1 had p3 → 3; u2 had none of the open ones but holds p2 → 5; u3 → 4
    expect(by(u1.id)).toMatchObject({ done: 3, remaining: 3, medianMs: 20_000, isMember: true });
    expect(by(u2.id)).toMatchObject({ done: 1, remaining: 5, medianMs: 40_000, isMember: true });
    expect(by(u3.id)).toMatchObject({ done: 0, remaining: 4, medianMs: null, lastActiveAt: null });
  });

  it('counts answers per day and per stratum', async () => {
    const { campaign } = await scenario();
    const today = new Date().toISOString().slice(0, 10);
    const days = await listDailyAnswers(db, campaign.id);
    // the answers were given a moment ago: today, or yesterday when the test straddles midnight UTC
    expect(days.reduce((n, d) => n + d.answers, 0)).toBe(4);
    expect(days.at(-1)).toMatchObject({ cumulative: 4 });
    expect(days.at(-1)!.day <= today).toBe(true);
    expect(await listStratumProgress(db, campaign.id)).toEqual([{ stratum: null, items: 6, completeItems: 1, answers: 4 }]);
  });
});

describe('campaign management', () => {
  it('removes an annotator: the live hold goes back to the pool, the answers stay', async () => {
    const { campaign, u2, held } = await scenario();
    const slug = (await getCampaignDetail(db, (await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).slug))!.slug;
    expect(await removeCampaignMember(db, slug, u2.id)).toEqual({ campaignId: campaign.id, releasedHolds: 1 });
    const item = await db.campaignItem.findFirstOrThrow({
      where: { campaignId: campaign.id, pairId: held },
      select: { holds: true, answers: true, isOpen: true },
    });
    expect(item).toEqual({ holds: 0, answers: 1, isOpen: true });
    const totals = await getCampaignTotals(db, campaign.id);
    expect(totals).toMatchObject({ answers: 4, annotators: 2, liveHolds: 0 });
    const former = (await listAnnotatorProgress(db, campaign.id)).find((r) => r.userId === u2.id);
    expect(former).toMatchObject({ isMember: false, done: 1, remaining: 0 });
    await expect(removeCampaignMember(db, slug, u2.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('adds an annotator with a pseudonym, and lists only non-members as candidates', async () => {
    const { campaign } = await scenario();
    const slug = (await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).slug;
    const newcomer = await makeUser(db, { role: 'RESEARCHER' });
    expect((await listMemberCandidates(db, campaign.id)).some((c) => c.id === newcomer.id)).toBe(true);
    await addCampaignMember(db, slug, newcomer.id);
    await addCampaignMember(db, slug, newcomer.id); // twice: still one membership
    const members = await listCampaignMembers(db, campaign.id);
    expect(members).toHaveLength(4);
    expect(members.find((m) => m.userId === newcomer.id)?.pseudonym).toMatch(/^ann-[a-z2-7]{6}$/);
    expect((await listMemberCandidates(db, campaign.id)).some((c) => c.id === newcomer.id)).toBe(false);
  });

  it('changes the status only along the allowed path and only from the status the caller saw', async () => {
    const { campaign } = await scenario();
    const slug = (await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).slug;
    await changeCampaignStatus(db, slug, 'ACTIVE', 'PAUSED');
    await expect(changeCampaignStatus(db, slug, 'ACTIVE', 'CLOSED')).rejects.toMatchObject({ code: 'CONFLICT' }); // stale
    await expect(changeCampaignStatus(db, slug, 'PAUSED', 'DRAFT')).rejects.toMatchObject({ code: 'CONFLICT' });
    await changeCampaignStatus(db, slug, 'PAUSED', 'ACTIVE');
    await changeCampaignStatus(db, slug, 'ACTIVE', 'CLOSED');
    expect((await getCampaignDetail(db, slug))?.status).toBe('CLOSED');
    await expect(addCampaignMember(db, slug, (await makeUser(db)).id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(changeCampaignStatus(db, 'no-such-campaign', 'DRAFT', 'ACTIVE')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
