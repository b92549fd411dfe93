/**
 * The label comparison's counts and the pairs behind each count, against a real database: every
 * cell of the matrix lists exactly the pairs it counts (gold pairs and undecided finals left out on
 * both sides), for another question's final labels and for the corpus's own labels.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import { countLabelPairs, listComparableCampaigns, listLabelCellPairs, type CompareWith } from './label-comparison';
import { refreshCampaignFinalLabels } from '../annotations/final-labels';
import { makeRatedCampaign } from '../testing/rated-campaign';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

const yn = (loose: boolean, strict: boolean) => ({ paraphraseLoose: loose, paraphraseStrict: strict });

async function setup() {
  const { campaign, corpora, pairIds } = await makeRatedCampaign(db, {
    annotators: 2,
    questions: ['paraphraseLoose', 'paraphraseStrict'],
    pairs: [
      { measures: {}, answers: [yn(true, true), yn(true, true)] }, // 0: loose yes, strict yes, source yes
      { measures: {}, answers: [yn(true, false), yn(true, false)] }, // 1: yes, no, source no
      { measures: {}, answers: [yn(true, false), yn(true, false)] }, // 2: yes, no, source yes
      { measures: {}, answers: [yn(false, false), yn(false, false)] }, // 3: no, no, no source label
      { measures: {}, answers: [yn(true, true), yn(false, true)] }, // 4: loose undecided, strict yes, source no
      { measures: {}, answers: [yn(true, true), yn(true, true)], gold: true }, // 5: gold, left out
    ],
  });
  const source: Array<boolean | null> = [true, false, true, null, false, true];
  for (const [i, v] of source.entries())
    if (v !== null) await db.pair.update({ where: { id: pairIds[i]! }, data: { referenceIsParaphrase: v } });
  await refreshCampaignFinalLabels(pool, campaign.id);
  return { campaign, corpora, pairIds };
}

async function cellIds(campaignId: number, other: CompareWith, mine: string | null, theirs: string | null): Promise<number[]> {
  return (
    await listLabelCellPairs(pool, campaignId, 'paraphraseLoose', other, { mine, other: theirs }, { page: 1, pageSize: 100 })
  ).map((p) => p.id);
}

describe('label comparison counts and cell pairs', () => {
  it("another question's final labels: each cell lists exactly the pairs it counts", async () => {
    const { campaign, pairIds } = await setup();
    const other: CompareWith = { kind: 'campaign', campaignId: campaign.id, question: 'paraphraseStrict' };
    const counts = await countLabelPairs(pool, campaign.id, 'paraphraseLoose', other);
    expect(counts).toEqual([
      { mine: 'no', other: 'no', n: 1 },
      { mine: 'yes', other: 'no', n: 2 },
      { mine: 'yes', other: 'yes', n: 1 },
      { mine: null, other: 'yes', n: 1 },
    ]);
    expect(await cellIds(campaign.id, other, 'yes', 'no')).toEqual([pairIds[1], pairIds[2]]);
    expect(await cellIds(campaign.id, other, 'yes', 'yes')).toEqual([pairIds[0]]);
    expect(await cellIds(campaign.id, other, 'no', 'no')).toEqual([pairIds[3]]);
    expect(await cellIds(campaign.id, other, 'no', 'yes')).toEqual([]);
    expect(await cellIds(campaign.id, other, null, 'yes')).toEqual([pairIds[4]]);
    for (const c of counts) expect(await cellIds(campaign.id, other, c.mine, c.other)).toHaveLength(c.n);
    // a mapped cell holds every label mapped onto it: here yes and no of the other side both
    const both = await listLabelCellPairs(
      pool,
      campaign.id,
      'paraphraseLoose',
      other,
      { mine: ['yes'], other: ['yes', 'no'] },
      { page: 1, pageSize: 100 },
    );
    expect(both.map((p) => p.id)).toEqual([pairIds[0], pairIds[1], pairIds[2]]);
  });

  it("the corpus's own paraphrase labels, pages in id order", async () => {
    const { campaign, pairIds } = await setup();
    const other: CompareWith = { kind: 'source', field: 'referenceIsParaphrase' };
    const counts = await countLabelPairs(pool, campaign.id, 'paraphraseLoose', other);
    expect(counts).toEqual([
      { mine: 'no', other: null, n: 1 },
      { mine: 'yes', other: 'no', n: 1 },
      { mine: 'yes', other: 'yes', n: 2 },
      { mine: null, other: 'no', n: 1 },
    ]);
    expect(await cellIds(campaign.id, other, 'yes', 'yes')).toEqual([pairIds[0], pairIds[2]]);
    expect(await cellIds(campaign.id, other, 'yes', 'no')).toEqual([pairIds[1]]);
    const second = await listLabelCellPairs(
      pool,
      campaign.id,
      'paraphraseLoose',
      other,
      { mine: 'yes', other: 'yes' },
      { page: 2, pageSize: 1 },
    );
    expect(second.map((p) => p.id)).toEqual([pairIds[2]]);
  });

  it('offers the campaigns that share a corpus, itself included, and no others', async () => {
    const { campaign } = await setup();
    const elsewhere = await setup();
    const ids = (await listComparableCampaigns(pool, campaign.id)).map((c) => c.id);
    expect(ids).toContain(campaign.id);
    expect(ids).not.toContain(elsewhere.campaign.id);
  });
});
