/**
 * Cloning a campaign against a real database: the clone has the settings, sample, gold answers and
 * annotators of its source and none of the answers; its name and slug; the audit entry.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { setGoldAnswer } from '@/lib/db/campaigns/gold';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { answer, rowsOfCampaign } from '@/lib/jobs/testing/campaign-rows';
import { cloneCampaignAs } from './tidy-entries';

const db = getDb();
const pool = getSqlPool();
afterAll(async () => {
  await pool.end();
});

describe('cloning', () => {
  it('copies the settings, sample, gold answers and annotators, and none of the answers', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const annotator = await makeUser(db);
    const source = await makeCampaign(db, {
      pairs: 5,
      overlap: 2,
      goldEvery: 3,
      holdMinutes: 45,
      randomiseOrder: false,
      questions: ['semantic', 'rationale'],
      guidelines: '# Read carefully',
      members: [annotator.email],
      qualitySettings: {
        goldQuestions: ['semantic'],
        likertTolerance: 0,
        openSpread: 3,
        orderedTie: 'upper',
        yesNoTie: 'open',
        yesNoRule: 'majority',
        gateMinKappa: 0.2,
        gateMinGoldAccuracy: null,
        gateMinJudgements: 10,
        gateQuestion: null,
      },
    });
    const first = (await db.campaignItem.findFirst({
      where: { campaignId: source.id },
      orderBy: { position: 'asc' },
      select: { id: true, pairId: true },
    }))!;
    await db.campaignItem.update({ where: { id: first.id }, data: { isGold: true } });
    const goldPair = first.pairId;
    await setGoldAnswer(pool, source.id, { pairId: goldPair, answers: { semantic: 4 }, explanation: 'Same.' });
    await answer(source.slug, annotator.id, 2);

    const clone = await cloneCampaignAs(db, researcher, { slug: source.slug }, 'Second round');
    expect(clone.slug).toBe('second-round');
    const settings = {
      questions: true,
      guidelines: true,
      overlap: true,
      goldEvery: true,
      holdMinutes: true,
      randomiseOrder: true,
      qualitySettings: true,
      sampling: true,
      goldMinAccuracy: true,
    } as const;
    const [a, b] = await Promise.all([
      db.campaign.findUnique({ where: { id: source.id }, select: settings }),
      db.campaign.findUnique({ where: { id: clone.id }, select: { ...settings, name: true, status: true, createdById: true } }),
    ]);
    expect(b).toEqual({ ...a, name: 'Second round', status: 'DRAFT', createdById: researcher.id });
    const items = (id: number) =>
      db.campaignItem.findMany({
        where: { campaignId: id },
        orderBy: { position: 'asc' },
        select: { pairId: true, position: true, isGold: true, stratum: true },
      });
    expect(await items(clone.id)).toEqual(await items(source.id));
    expect(
      await db.campaignItem.count({
        where: { campaignId: clone.id, OR: [{ answers: { gt: 0 } }, { holds: { gt: 0 } }, { isOpen: false }] },
      }),
    ).toBe(0);
    expect(await rowsOfCampaign(clone.id)).toEqual({
      items: 5,
      assignments: 0,
      answers: 0,
      gold: 1,
      members: 1,
      exports: 0,
      corpora: 1,
    });
    expect((await rowsOfCampaign(source.id)).answers).toBe(2);
    expect(
      await db.auditLog.findFirst({
        where: { actorId: researcher.id, action: 'campaign.clone' },
        select: { targetId: true, details: true },
      }),
    ).toEqual({
      targetId: String(clone.id),
      details: { name: 'Second round', from: source.id, fromName: expect.any(String) as unknown },
    });
    expect((await cloneCampaignAs(db, researcher, { slug: source.slug }, 'Second round')).slug).toBe('second-round-2');
  });
});
