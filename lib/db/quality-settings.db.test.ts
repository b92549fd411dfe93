import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { DEFAULT_QUALITY_SETTINGS } from '@/lib/annotation/quality-settings';
import { getNextPair } from './assignments';
import { submitAnnotation } from './annotations';
import { listGoldAccuracy, setGoldAnswer } from './gold';
import { readCampaignQualitySettings, updateQualitySettings } from './quality-settings';
import { getSqlPool } from './sql-pool';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

let n = 0;
const submissionId = () => `quality-${Date.now()}-${(n += 1)}`;

describe('campaign quality settings', () => {
  it('are checked at creation: gold questions must be labelled questions of the campaign', async () => {
    await expect(makeCampaign(db, { pairs: 3, qualitySettings: { goldQuestions: ['rationale'], likertTolerance: 1, openSpread: 2 } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { 'qualitySettings.goldQuestions': 'not a labelled question of the campaign: "rationale"' } },
    });
    const made = await makeCampaign(db, { pairs: 3, qualitySettings: { goldQuestions: ['relation'], likertTolerance: 0, openSpread: 3 } });
    expect(await readCampaignQualitySettings(pool, made.id)).toEqual({ goldQuestions: ['relation'], likertTolerance: 0, openSpread: 3 });
    expect(await readCampaignQualitySettings(pool, (await makeCampaign(db, { pairs: 3 })).id)).toEqual(DEFAULT_QUALITY_SETTINGS);
  });

  it('decide the gold feedback and accuracy (questions counted, Likert tolerance) and the open spread; a change recomputes final labels and accuracy', async () => {
    const users = await Promise.all([0, 1, 2].map(() => makeUser(db)));
    const campaign = await makeCampaign(db, { pairs: 6, sample: { strategy: 'random', size: 2, seed: 3 }, overlap: 3, goldEvery: 2, members: users.map((u) => u.email) });
    const items = await db.campaignItem.findMany({ where: { campaignId: campaign.id }, select: { pairId: true } });
    const corpusId = (await db.campaignCorpus.findFirstOrThrow({ where: { campaignId: campaign.id } })).corpusId;
    const goldPair = (await db.pair.findFirstOrThrow({ where: { corpusId, id: { notIn: items.map((i) => i.pairId) } } })).id;
    await setGoldAnswer(pool, campaign.id, { pairId: goldPair, answers: { semantic: 4, relation: 'equivalence' }, explanation: 'Same meaning.' });
    const ref = parseCampaignRef(String(campaign.id));
    // every annotator answers semantic 1, 2, 3 (user 0, 1, 2) on ordinary pairs and semantic 2 on the gold pair (2 points off)
    const answerAll = async (u: number) => {
      const feedback: unknown[] = [];
      for (;;) {
        const next = await getNextPair(pool, ref, users[u]!.id);
        if (next.kind === 'none') return feedback;
        const semantic = next.pair.pairId === goldPair ? 2 : u + 1;
        const stored = await submitAnnotation(pool, ref, users[u]!.id, { submissionId: submissionId(), pairId: next.pair.pairId, answers: { semantic, relation: 'equivalence' } });
        if (stored.annotation.gold) feedback.push(stored.annotation.gold);
      }
    };
    expect(await answerAll(0)).toEqual([{ correct: false, expected: { semantic: 4, relation: 'equivalence' }, explanation: 'Same meaning.' }]);
    expect(await answerAll(1)).toHaveLength(1);
    await updateQualitySettings(pool, campaign.id, { goldQuestions: ['relation'], likertTolerance: 1, openSpread: 2 });
    // only the relation counts now: user 2's answer is right
    expect(await answerAll(2)).toEqual([{ correct: true }]);

    const accuracy = async () => (await listGoldAccuracy(pool, campaign.id)).map((a) => `${a.correct}/${a.answered} ${a.flagged}`);
    const semanticFinals = async () => (await db.finalLabel.findMany({ where: { campaignId: campaign.id, question: 'semantic' } })).map((f) => `${f.method} ${JSON.stringify(f.value)} ${f.n}`);
    expect(await accuracy()).toEqual(['1/1 false', '1/1 false', '1/1 false']);
    // answers 1, 2, 3: a spread of 2 is left open by the default rule
    expect(await semanticFinals()).toEqual(['OPEN null 3', 'OPEN null 3']);

    await updateQualitySettings(pool, campaign.id, { goldQuestions: null, likertTolerance: 1, openSpread: 3 });
    expect(await semanticFinals()).toEqual(['MAJORITY 2 3', 'MAJORITY 2 3']);
    expect(await accuracy()).toEqual(['0/1 true', '0/1 true', '0/1 true']);
    await updateQualitySettings(pool, campaign.id, { goldQuestions: null, likertTolerance: 2, openSpread: 3 });
    expect(await accuracy()).toEqual(['1/1 false', '1/1 false', '1/1 false']);
    // gold pairs never get final labels
    expect(await db.finalLabel.count({ where: { campaignId: campaign.id, pairId: goldPair } })).toBe(0);

    await expect(updateQualitySettings(pool, campaign.id, { goldQuestions: ['rationale', 'nli'], likertTolerance: 1, openSpread: 2 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await readCampaignQualitySettings(pool, campaign.id)).toEqual({ goldQuestions: null, likertTolerance: 2, openSpread: 3 });
    await expect(updateQualitySettings(pool, 2147483000, DEFAULT_QUALITY_SETTINGS)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
