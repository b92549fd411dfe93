import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { getNextPair } from '../campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { lockMembership } from '../campaigns/campaign-membership';
import { countDiscussionPairs, listDiscussionPairs, measureDiscussionAgreement } from './discussion';
import { getSqlPool, inTransaction } from '../sql-pool';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());
let n = 0;

describe('discussion round', () => {
  it('shows each annotator the others’ answers on disagreed pairs; a revision keeps the first answer and moves agreement', async () => {
    const users = await Promise.all([0, 1].map(() => makeUser(db)));
    const campaign = await makeCampaign(db, { pairs: 2, overlap: 2, members: users.map((u) => u.email), randomiseOrder: false });
    const ref = parseCampaignRef(String(campaign.id));
    const relations = [
      ['equivalence', 'equivalence'],
      ['forward', 'negation'],
    ];
    for (const [u, user] of users.entries()) {
      for (let i = 0; i < 2; i++) {
        const next = await getNextPair(pool, ref, user.id);
        if (next.kind !== 'pair') throw new Error('no pair');
        await submitAnswer(pool, ref, user.id, {
          submissionId: `disc-${Date.now()}-${(n += 1)}`,
          pairId: next.pair.pairId,
          answers: { semantic: 3, relation: relations[i]![u]!, rationale: `reason ${u}` },
        });
      }
    }
    const member = await inTransaction(pool, (client) => lockMembership(client, ref, users[1]!.id));
    const [pair, ...rest] = await listDiscussionPairs(pool, member, users[1]!.id);
    expect(rest).toEqual([]);
    expect(pair).toMatchObject({ version: 1, mine: { relation: 'negation' }, first: null, disagreed: ['relation'] });
    expect(pair!.others).toEqual([
      {
        annotator: expect.stringMatching(/^ann-/) as string,
        answers: { semantic: 3, relation: 'forward', rationale: 'reason 0' },
      },
    ]);
    expect(await measureDiscussionAgreement(pool, campaign.id, member.questions)).toEqual({ revised: 0, changes: [] });
    // what the annotator's "My campaigns" card counts: the pairs the round lists, for each of them
    for (const user of users)
      expect(await countDiscussionPairs(pool, [campaign.id], user.id)).toEqual(new Map([[campaign.id, 1]]));
    expect(await countDiscussionPairs(pool, [], users[0]!.id)).toEqual(new Map());

    await submitAnswer(pool, ref, users[1]!.id, {
      submissionId: `disc-${Date.now()}-${(n += 1)}`,
      pairId: pair!.pairId,
      answers: { semantic: 3, relation: 'forward', rationale: 'convinced' },
      baseVersion: 1,
    });
    const revisions = await db.annotationRevision.findMany({
      where: { annotation: { campaignId: campaign.id, annotatorId: users[1]!.id, pairId: pair!.pairId } },
    });
    expect(revisions.map((r) => r.values)).toEqual([{ semantic: 3, relation: 'negation', rationale: 'reason 1' }]);
    expect(await listDiscussionPairs(pool, member, users[1]!.id)).toEqual([]); // unanimous now
    expect(await countDiscussionPairs(pool, [campaign.id], users[1]!.id)).toEqual(new Map());
    const { revised, changes } = await measureDiscussionAgreement(pool, campaign.id, member.questions);
    expect(revised).toBe(1);
    const relation = changes.find((c) => c.question === 'relation')!;
    expect(relation.before).toBeLessThan(1);
    expect(relation.after).toBe(1);
  });
});
