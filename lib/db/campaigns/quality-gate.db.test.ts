import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { DEFAULT_QUALITY_SETTINGS } from '@/lib/annotation/quality-settings';
import { getNextPair } from './assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { EXCLUDED_MESSAGE } from './campaign-membership';
import { setMemberExcluded } from './gold';
import { readMajorityKappa } from './quality-gate';
import { updateQualitySettings } from './quality-settings';
import { getSqlPool } from '../sql-pool';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

let n = 0;
const submissionId = () => `gate-${Date.now()}-${(n += 1)}`;

/** Counted answers (annotator not excluded) per pair, and every answer stored. */
async function answerCounts(campaignId: number) {
  const items = await db.campaignItem.findMany({
    where: { campaignId },
    select: { pairId: true, answers: true, holds: true, isOpen: true },
    orderBy: { position: 'asc' },
  });
  const excluded = new Set((await db.campaignMember.findMany({ where: { campaignId, excluded: true } })).map((m) => m.userId));
  const annotations = await db.annotation.findMany({ where: { campaignId }, select: { pairId: true, annotatorId: true } });
  const counted = items.map((i) => annotations.filter((a) => a.pairId === i.pairId && !excluded.has(a.annotatorId)).length);
  return { items, counted, excluded, stored: annotations.length };
}

describe('the quality gate (MultiPIT: κ against the others’ majority)', () => {
  it('two annotators who always disagree with the rest are excluded after the minimum; their pairs reach full overlap with the others; nothing is lost', async () => {
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await makeUser(db));
    const bad = new Set([users[1]!.id, users[4]!.id]);
    const campaign = await makeCampaign(db, {
      pairs: 14,
      sample: { strategy: 'random', size: 12, seed: 5 },
      questions: ['paraphraseLoose'],
      overlap: 3,
      goldEvery: 0,
      members: users.map((u) => u.email),
    });
    await updateQualitySettings(pool, campaign.id, { ...DEFAULT_QUALITY_SETTINGS, gateMinKappa: 0.2, gateMinJudgements: 4 });
    const ref = parseCampaignRef(String(campaign.id));
    // the truth alternates in hand-out order (positions, not ids: the same whatever else the database holds)
    const positions = new Map(
      (await db.campaignItem.findMany({ where: { campaignId: campaign.id }, select: { pairId: true, position: true } })).map(
        (i) => [i.pairId, i.position],
      ),
    );
    const truth = (pairId: number) => positions.get(pairId)! % 2 === 0;
    let acknowledged = 0;
    const refused: number[] = [];
    // round robin: each annotator asks for a pair and answers it, until nobody gets one
    for (let round = 0; round < 40; round++) {
      let handed = 0;
      for (const user of users) {
        const next = await getNextPair(pool, ref, user.id).catch((error: unknown) => {
          expect(error).toMatchObject({ code: 'CONFLICT', message: EXCLUDED_MESSAGE });
          if (!refused.includes(user.id)) refused.push(user.id);
          return { kind: 'none' as const };
        });
        if (next.kind === 'none') continue;
        handed += 1;
        const answer = bad.has(user.id) ? !truth(next.pair.pairId) : truth(next.pair.pairId);
        await submitAnswer(pool, ref, user.id, {
          submissionId: submissionId(),
          pairId: next.pair.pairId,
          answers: { paraphraseLoose: answer },
        });
        acknowledged += 1;
      }
      if (handed === 0) break;
    }
    const { items, counted, excluded, stored } = await answerCounts(campaign.id);
    // exactly the two who always disagreed are excluded, and they were told so when they asked for more
    expect([...excluded].sort((x, y) => x - y)).toEqual([...bad].sort((x, y) => x - y));
    expect(refused.sort((x, y) => x - y)).toEqual([...bad].sort((x, y) => x - y));
    // every answer acknowledged is stored, the excluded annotators' included
    expect(stored).toBe(acknowledged);
    expect((await db.annotation.count({ where: { campaignId: campaign.id, annotatorId: { in: [...bad] } } })) >= 8).toBe(true);
    // every pair reached its overlap of counted answers, and the counters say so
    expect(counted).toEqual(Array(12).fill(3));
    expect(items.map((i) => [i.answers, i.holds, i.isOpen])).toEqual(Array(12).fill([3, 0, false]));
    // the final labels stand on the counted answers: the truth on every pair
    const finals = await db.finalLabel.findMany({ where: { campaignId: campaign.id } });
    expect(finals.map((f) => f.value === truth(f.pairId) && f.method === 'UNANIMOUS')).toEqual(Array(12).fill(true));
    // the campaign page's figure: the excluded annotators' κ against the majority is −1-ish, the others' high
    const kappas = await readMajorityKappa(pool, campaign.id);
    for (const k of kappas) {
      if (bad.has(k.userId)) expect(k.kappa).toBeLessThanOrEqual(0.2);
      else expect(k.kappa).toBeGreaterThan(0.2);
    }
    // the audit says who and why
    const audit = await db.auditLog.findMany({
      where: { action: 'campaign.member-excluded-by-gate', targetId: String(campaign.id) },
    });
    expect(audit.map((a) => (a.details as { userId: number }).userId).sort((x, y) => x - y)).toEqual(
      [...bad].sort((x, y) => x - y),
    );
  });

  it('excluding by hand releases holds and reopens answered pairs; restoring counts the answers again', async () => {
    const users = await Promise.all([0, 1, 2].map(() => makeUser(db)));
    const campaign = await makeCampaign(db, {
      pairs: 3,
      sample: { strategy: 'random', size: 2, seed: 2 },
      questions: ['paraphraseLoose'],
      overlap: 1,
      goldEvery: 0,
      members: users.map((u) => u.email),
    });
    const ref = parseCampaignRef(String(campaign.id));
    const first = await getNextPair(pool, ref, users[0]!.id);
    if (first.kind !== 'pair') throw new Error('no pair');
    await submitAnswer(pool, ref, users[0]!.id, {
      submissionId: submissionId(),
      pairId: first.pair.pairId,
      answers: { paraphraseLoose: true },
    });
    const held = await getNextPair(pool, ref, users[0]!.id);
    if (held.kind !== 'pair') throw new Error('no second pair');
    // both pairs are taken (one answered, one held): nothing for user 1
    expect((await getNextPair(pool, ref, users[1]!.id)).kind).toBe('none');

    await setMemberExcluded(pool, campaign.id, users[0]!.id, true);
    expect((await answerCounts(campaign.id)).items.map((i) => [i.answers, i.holds, i.isOpen])).toEqual([
      [0, 0, true],
      [0, 0, true],
    ]);
    await expect(getNextPair(pool, ref, users[0]!.id)).rejects.toMatchObject({ code: 'CONFLICT', message: EXCLUDED_MESSAGE });
    // the held pair's late answer is kept but fills no slot
    await submitAnswer(pool, ref, users[0]!.id, {
      submissionId: submissionId(),
      pairId: held.pair.pairId,
      answers: { paraphraseLoose: false },
    });
    expect((await answerCounts(campaign.id)).items.every((i) => i.answers === 0 && i.isOpen)).toBe(true);
    // user 1 now gets both pairs
    for (let i = 0; i < 2; i++) {
      const next = await getNextPair(pool, ref, users[1]!.id);
      if (next.kind !== 'pair') throw new Error('the reopened pair was not handed out');
      await submitAnswer(pool, ref, users[1]!.id, {
        submissionId: submissionId(),
        pairId: next.pair.pairId,
        answers: { paraphraseLoose: true },
      });
    }
    expect((await getNextPair(pool, ref, users[2]!.id)).kind).toBe('none');
    // restored: both their answers count again (two per pair, over the overlap of 1: closed, never handed out again)
    await setMemberExcluded(pool, campaign.id, users[0]!.id, false);
    const after = await answerCounts(campaign.id);
    expect(after.stored).toBe(4);
    expect(after.items.map((i) => [i.answers, i.isOpen])).toEqual([
      [2, false],
      [2, false],
    ]);
  });
});
