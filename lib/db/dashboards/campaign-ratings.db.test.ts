import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { loadRatingMatrix } from './campaign-ratings';
import { getSqlPool } from '../sql-pool';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

let submissions = 0;
async function answer(campaignId: number, pairId: number, annotatorId: number, answers: Record<string, string | number>) {
  submissions += 1;
  await db.annotation.create({
    data: { campaignId, pairId, annotatorId, submissionId: `ratings-${Date.now()}-${submissions}`, answers },
  });
}

async function setup() {
  const users = await Promise.all([0, 1, 2].map(() => makeUser(db)));
  const campaign = await makeCampaign(db, { pairs: 4, overlap: 3, members: users.map((u) => u.email) });
  const items = await db.campaignItem.findMany({ where: { campaignId: campaign.id }, orderBy: { position: 'asc' } });
  const pseudonyms = new Map(
    (await db.user.findMany({ where: { id: { in: users.map((u) => u.id) } } })).map((u) => [u.id, u.pseudonym!]),
  );
  return { campaign, users, pairs: items.map((i) => i.pairId), pseudonym: (i: number) => pseudonyms.get(users[i]!.id)! };
}

describe('loadRatingMatrix', () => {
  it('returns coders x units in item order, nulls where a coder did not answer, without gold pairs or excluded members', async () => {
    const { campaign, users, pairs, pseudonym } = await setup();
    const [u0, u1, u2] = users.map((u) => u.id) as [number, number, number];
    const [p0, p1, p2, p3] = pairs as [number, number, number, number];
    await answer(campaign.id, p0, u0, { semantic: 4, relation: 'equivalence' });
    await answer(campaign.id, p0, u1, { semantic: 3, relation: 'forward' });
    await answer(campaign.id, p1, u1, { semantic: 1, relation: 'exclusion' });
    await answer(campaign.id, p2, u2, { semantic: 0, relation: 'negation' }); // on a gold pair: left out
    await answer(campaign.id, p3, u2, { relation: 'intersection' }); // no semantic answer
    await db.campaignItem.update({
      where: { campaignId_pairId: { campaignId: campaign.id, pairId: p2 } },
      data: { isGold: true },
    });

    const semantic = await loadRatingMatrix(pool, campaign.id, 'semantic');
    const coders = [pseudonym(0), pseudonym(1)].sort();
    expect(semantic.coders).toEqual(coders);
    expect(semantic.units).toEqual([p0, p1]);
    const row = (i: number) => semantic.ratings[semantic.coders.indexOf(pseudonym(i))];
    expect(row(0)).toEqual([4, null]);
    expect(row(1)).toEqual([3, 1]);

    const relation = await loadRatingMatrix(pool, campaign.id, 'relation');
    expect(relation.units).toEqual([p0, p1, p3]);
    expect(relation.coders).toHaveLength(3);
    expect(relation.ratings[relation.coders.indexOf(pseudonym(2))]).toEqual([null, null, 'intersection']);

    await db.campaignMember.update({
      where: { campaignId_userId: { campaignId: campaign.id, userId: u1 } },
      data: { excluded: true },
    });
    const without = await loadRatingMatrix(pool, campaign.id, 'semantic');
    expect(without).toEqual({ coders: [pseudonym(0)], units: [p0], ratings: [[4]] });
    const withExcluded = await loadRatingMatrix(pool, campaign.id, 'semantic', { includeExcluded: true });
    expect(withExcluded.coders).toEqual(coders);
    expect(await loadRatingMatrix(pool, campaign.id, 'no-such-question')).toEqual({ coders: [], units: [], ratings: [] });
  });

  it('feeds lib/agreement directly: two coders agreeing on every unit give alpha 1', async () => {
    const { campaign, users, pairs } = await setup();
    const labels = ['equivalence', 'exclusion', 'forward', 'negation'];
    for (const [i, pairId] of pairs.entries())
      for (const u of users.slice(0, 2)) await answer(campaign.id, pairId, u.id, { relation: labels[i]! });
    const matrix = await loadRatingMatrix(pool, campaign.id, 'relation');
    const report = computeAgreementReport({ ratings: matrix.ratings as (string | null)[][], level: 'nominal' });
    expect(report.coefficients.krippendorffAlpha.value).toBe(1);
    expect(report.units).toBe(4);
  });
});
