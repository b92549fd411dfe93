import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { readStoredQuestions } from '@/lib/annotation/questions';
import { getNextPair } from '../campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { countOpenAdjudications, findAdjudicationCampaign, listAdjudicationQueue, saveAdjudication } from './adjudications';
import { streamFinalLabels, type FinalLine } from './final-reads';
import { setGoldAnswer } from '../campaigns/gold';
import { getSqlPool } from '../sql-pool';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

let n = 0;
const RANDOM = { randomiseOrder: false };

async function collect(campaignId: number, questions: Parameters<typeof streamFinalLabels>[2]): Promise<FinalLine[]> {
  const lines: FinalLine[] = [];
  for await (const batch of streamFinalLabels(pool, campaignId, questions, 2)) lines.push(...batch);
  return lines;
}

describe('final labels and adjudication', () => {
  it('are unanimous, majority, median, left open (tie, spread) or adjudicated per question, kept up to date as answers and decisions come in', async () => {
    const users = await Promise.all([0, 1, 2].map(() => makeUser(db)));
    const campaign = await makeCampaign(db, { pairs: 5, overlap: 3, members: users.map((u) => u.email), ...RANDOM });
    const ref = parseCampaignRef(String(campaign.id));
    const items = await db.campaignItem.findMany({ where: { campaignId: campaign.id }, orderBy: { position: 'asc' } });
    const [p0, p1, p2, p3, p4] = items.map((i) => i.pairId) as [number, number, number, number, number];
    // every annotator gets the pairs in position order (overlap 3 = all of them)
    const plan: Record<number, Array<{ semantic: number; relation: string }>> = {
      [p0]: [
        { semantic: 4, relation: 'equivalence' },
        { semantic: 4, relation: 'equivalence' },
        { semantic: 4, relation: 'equivalence' },
      ],
      [p1]: [
        { semantic: 3, relation: 'forward' },
        { semantic: 4, relation: 'forward' },
        { semantic: 4, relation: 'equivalence' },
      ],
      [p2]: [
        { semantic: 1, relation: 'forward' },
        { semantic: 3, relation: 'reverse' },
        { semantic: 2, relation: 'negation' },
      ],
      [p3]: [
        { semantic: 0, relation: 'exclusion' },
        { semantic: 0, relation: 'exclusion' },
        { semantic: 1, relation: 'exclusion' },
      ],
    };
    await setGoldAnswer(pool, campaign.id, { pairId: p4, answers: { semantic: 2 }, explanation: 'test' });
    for (const [u, user] of users.entries()) {
      for (let i = 0; i < 4; i++) {
        const next = await getNextPair(pool, ref, user.id);
        if (next.kind !== 'pair') throw new Error('no pair');
        await submitAnswer(pool, ref, user.id, {
          submissionId: `adj-${Date.now()}-${(n += 1)}`,
          pairId: next.pair.pairId,
          answers: { ...plan[next.pair.pairId]![u]!, rationale: `because ${u}` },
        });
      }
    }
    const questions = readStoredQuestions((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).questions);
    let lines = await collect(campaign.id, questions);
    expect(lines).toEqual([
      {
        pairId: p0,
        answers: { semantic: 4, relation: 'equivalence' },
        method: { semantic: 'unanimous', relation: 'unanimous' },
        medianRule: {},
        n: 3,
      },
      {
        pairId: p1,
        answers: { semantic: 4, relation: 'forward' },
        method: { semantic: 'median', relation: 'majority' },
        medianRule: {},
        n: 3,
      },
      { pairId: p2, answers: {}, method: { semantic: 'spread', relation: 'tie' }, medianRule: {}, n: 3 },
      {
        pairId: p3,
        answers: { semantic: 0, relation: 'exclusion' },
        method: { semantic: 'median', relation: 'unanimous' },
        medianRule: {},
        n: 3,
      },
    ]);

    const queue = await listAdjudicationQueue(pool, campaign.id);
    expect(queue.total).toBe(1);
    // one pair, two open labels: both units, named apart (the campaign page and the queue agree)
    expect(queue.labels).toBe(2);
    expect(await countOpenAdjudications(pool, campaign.id)).toEqual({ pairs: 1, labels: 2 });
    expect(queue.pairs[0]).toMatchObject({ pairId: p2, open: ['relation', 'semantic'] });
    expect(queue.pairs[0]!.answers.map((a) => a.answers.rationale).sort()).toEqual(['because 0', 'because 1', 'because 2']);
    expect(queue.pairs[0]!.answers.every((a) => /^ann-/.test(a.annotator))).toBe(true);

    // who may adjudicate: staff and adjudicator members; an ordinary annotator is told it does not exist
    const adjudicator = await makeUser(db);
    await db.campaignMember.create({ data: { campaignId: campaign.id, userId: adjudicator.id, role: 'ADJUDICATOR' } });
    expect(await findAdjudicationCampaign(pool, ref, { id: users[0]!.id, role: 'ANNOTATOR' })).toBeNull();
    const target = (await findAdjudicationCampaign(pool, ref, { id: adjudicator.id, role: 'ANNOTATOR' }))!;
    expect(target.id).toBe(campaign.id);
    await expect(saveAdjudication(pool, target, adjudicator.id, { pairId: p4, answers: { semantic: 2 } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      saveAdjudication(pool, target, adjudicator.id, { pairId: p2, answers: { relation: 'sideways' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { 'answers.relation': expect.stringMatching(/must be one of/) as string } },
    });
    const saved = await saveAdjudication(pool, target, adjudicator.id, {
      pairId: p2,
      answers: { relation: 'forward' },
      note: 'The second adds a detail.',
    });
    expect(saved).toMatchObject({ created: true, note: 'The second adds a detail.' });
    lines = await collect(campaign.id, questions);
    expect(lines[2]).toEqual({
      pairId: p2,
      answers: { relation: 'forward' },
      method: { semantic: 'spread', relation: 'adjudicated' },
      medianRule: {},
      n: 3,
    });
    expect((await listAdjudicationQueue(pool, campaign.id)).pairs[0]).toMatchObject({ open: ['semantic'] });
    expect(await countOpenAdjudications(pool, campaign.id)).toEqual({ pairs: 1, labels: 1 });
    expect(
      (await saveAdjudication(pool, target, adjudicator.id, { pairId: p2, answers: { relation: 'forward', semantic: 2 } }))
        .created,
    ).toBe(false);
    expect((await listAdjudicationQueue(pool, campaign.id)).total).toBe(0);

    // an edit moves the final label: p1's third annotator changes to forward → relation unanimous
    const mine = await db.annotation.findFirstOrThrow({
      where: { campaignId: campaign.id, pairId: p1, annotatorId: users[2]!.id },
    });
    await submitAnswer(pool, ref, users[2]!.id, {
      submissionId: `adj-${Date.now()}-${(n += 1)}`,
      pairId: p1,
      answers: { semantic: 4, relation: 'forward' },
      baseVersion: mine.version,
    });
    expect((await collect(campaign.id, questions))[1]).toMatchObject({ method: { semantic: 'median', relation: 'unanimous' } });
  });
});
