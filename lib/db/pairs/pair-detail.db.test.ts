/**
 * A pair's page data: the pair with every measure, and per campaign annotations by pseudonym with
 * history, finals and adjudication.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { measureKeys } from '@/lib/measures/catalog';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { getPairDetail, listPairCampaignRecords } from './pair-detail';

const db = getDb();

describe('pair detail', () => {
  it('reads the pair with every measure, and what each campaign said about it', async () => {
    const corpus = await makeCorpus(db, { licence: 'CC0', attribution: 'nobody' });
    const [pairId] = await makePairs(db, corpus.id, [
      { a: 'A bridge at dawn.', b: 'Dawn over a bridge.', referenceLabel: '1', measures: { bleu: 0.25, st: 0.9 } },
    ]);
    const detail = await getPairDetail(db, pairId!);
    expect(detail).toMatchObject({
      id: pairId,
      referenceLabel: '1',
      corpus: { slug: corpus.slug, licence: 'CC0' },
      a: { content: 'A bridge at dawn.', wordCount: 4 },
      b: { content: 'Dawn over a bridge.' },
    });
    expect(Object.keys(detail!.measures).sort()).toEqual([...measureKeys].sort());
    expect(detail!.measures.bleu).toBe(0.25);
    expect(await getPairDetail(db, 2147483000)).toBeNull();

    expect(await listPairCampaignRecords(db, pairId!)).toEqual([]);
    const campaign = await makeCampaign(db, { corpora: [corpus.slug] });
    const annotator = await makeUser(db, { role: 'ANNOTATOR' });
    const user = await db.user.findUniqueOrThrow({ where: { id: annotator.id }, select: { pseudonym: true, email: true } });
    const annotation = await db.annotation.create({
      data: {
        campaignId: campaign.id,
        pairId: pairId!,
        annotatorId: annotator.id,
        submissionId: `pd-${pairId}-2`,
        answers: { semantic: 3, rationale: 'same scene' },
        version: 2,
      },
    });
    await db.annotationRevision.create({
      data: { annotationId: annotation.id, version: 1, submissionId: `pd-${pairId}-1`, values: { semantic: 1 } },
    });
    await db.campaignMember.upsert({
      where: { campaignId_userId: { campaignId: campaign.id, userId: annotator.id } },
      create: { campaignId: campaign.id, userId: annotator.id, excluded: true },
      update: { excluded: true },
    });
    await db.finalLabel.create({
      data: { campaignId: campaign.id, pairId: pairId!, question: 'semantic', value: 3, method: 'ADJUDICATED', n: 1 },
    });
    await db.adjudication.create({
      data: { campaignId: campaign.id, pairId: pairId!, method: 'ADJUDICATOR', answers: { semantic: 3 }, note: 'agreed' },
    });

    const [record] = await listPairCampaignRecords(db, pairId!);
    expect(record).toMatchObject({
      campaign: { slug: campaign.slug },
      finals: [{ question: 'semantic', value: 3, method: 'adjudicated', n: 1 }],
      adjudication: { method: 'ADJUDICATOR', answers: { semantic: 3 }, note: 'agreed' },
    });
    expect(record!.annotations).toHaveLength(1);
    expect(record!.annotations[0]).toMatchObject({
      annotator: user.pseudonym ?? `user-${annotator.id}`,
      excluded: true,
      version: 2,
      answers: { semantic: 3, rationale: 'same scene' },
    });
    expect(record!.annotations[0]!.history.map((h) => [h.version, h.values])).toEqual([[1, { semantic: 1 }]]);
    expect(JSON.stringify(record)).not.toContain(user.email);
  });
});
