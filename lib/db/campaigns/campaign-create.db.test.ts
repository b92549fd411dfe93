/**
 * Creating a campaign: the default guidelines follow the text type of its corpora (the factory's texts
 * are sentences), given guidelines are kept, and gold pairs are turned on after creation. A sample
 * records the definitions it was drawn on; once sem changes, today's values are seen to differ and
 * the sample drawn again as it was drawn gives the same pairs; a changed tokenizer refuses that.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { listCorpusTextTypes } from '../corpora/corpora';
import { getSqlPool } from '../sql-pool';
import { setCampaignGoldEvery } from './gold';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { setCorpusSemMeasures } from '../corpora/semantic-set';
import { readTodayDefinitions } from './sampling';
import { redrawCampaign } from './campaign-lifecycle';
import { compareDefinitions, readSampleDefinitions } from '@/lib/sampling/definitions';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

describe('createCampaign', () => {
  it('writes default guidelines for the texts its corpora hold, and keeps guidelines it is given', async () => {
    const campaign = await makeCampaign(db, { questions: ['paraphraseLoose'], pairs: 3 });
    const stored = await db.campaign.findUniqueOrThrow({
      where: { id: campaign.id },
      select: { guidelines: true, goldEvery: true },
    });
    expect(stored.guidelines).toContain('You will see two sentences side by side');
    expect(stored.guidelines).not.toContain('the shared image');
    const corpus = await db.campaignCorpus.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(await listCorpusTextTypes(db, [corpus.corpusId])).toEqual(new Map([[corpus.corpusId, ['SENTENCE']]]));

    const own = await makeCampaign(db, { questions: ['paraphraseLoose'], pairs: 2, guidelines: '# Ours' });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: own.id } })).guidelines).toBe('# Ours');
  });

  it('hands out gold pairs only once asked to, after creation', async () => {
    const campaign = await makeCampaign(db, { pairs: 2 });
    expect(await setCampaignGoldEvery(pool, campaign.id, 4)).toBe(true);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).goldEvery).toBe(4);
    expect(await setCampaignGoldEvery(pool, 2_000_000_000, 4)).toBe(false);
  });
});

describe('the definitions a sample was drawn on', () => {
  async function drawnOnWordNet() {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 12 }, (_, i) => ({
        a: `Definitions pair ${i}: a first text about ${i}.`,
        b: `Definitions pair ${i}, another text on ${i}.`,
        measures: { wordnet: (i + 1) / 13, syn: 0.5 },
      })),
    );
    await db.corpus.update({ where: { id: corpus.id }, data: { measureTokenizer: 'rouge-score' } });
    await setCorpusSemMeasures(db, corpus.id, ['wordnet']);
    const campaign = await makeCampaign(db, {
      corpora: [corpus.slug],
      sample: { strategy: 'stratified', measure: 'sem', bins: 3, perBin: 2, seed: 11 },
      questions: ['paraphraseLoose'],
    });
    const items = async (id: number) =>
      (await db.campaignItem.findMany({ where: { campaignId: id }, select: { pairId: true }, orderBy: { pairId: 'asc' } })).map(
        (i) => i.pairId,
      );
    return { corpus, campaign, items };
  }

  it("records each corpus's tokenizer and the measures that formed sem, and sees when they differ today", async () => {
    const { corpus, campaign, items } = await drawnOnWordNet();
    const stored = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    const definitions = readSampleDefinitions((stored.sampling as { definitions: unknown }).definitions)!;
    expect(definitions).toMatchObject({ measures: ['sem'], usesSem: true });
    expect(definitions.corpora[corpus.slug]).toEqual({
      tokenizer: 'rouge-score',
      semSet: ['wordnet'],
      semCandidates: { wordnet: 12 },
      semItems: { wordnet: 6 },
    });
    expect(compareDefinitions(definitions, await readTodayDefinitions(db, campaign.id, [corpus.slug]))).toEqual([]);

    // sem no longer comes from WordNet: today's values differ, and drawing again as drawn gives the same pairs
    await setCorpusSemMeasures(db, corpus.id, ['st']);
    expect(compareDefinitions(definitions, await readTodayDefinitions(db, campaign.id, [corpus.slug]))).toEqual([
      { corpus: corpus.slug, what: 'sem', then: 'mean of WordNet', now: 'none (no semantic measure)' },
    ]);
    const again = await redrawCampaign(db, campaign.id, null);
    expect(again.items).toBe(6);
    expect(await items(again.id)).toEqual(await items(campaign.id));
    const redrawn = await db.campaign.findUniqueOrThrow({ where: { id: again.id } });
    expect(redrawn).toMatchObject({ status: 'DRAFT', goldEvery: 0, name: expect.stringContaining('(drawn again)') as string });
    expect((redrawn.sampling as { redrawnFrom: unknown }).redrawnFrom).toEqual({
      slug: campaign.slug,
      name: expect.any(String) as string,
    });
  });

  it('refuses to draw again when a tokenizer changed, or when nothing was recorded', async () => {
    const { corpus, campaign } = await drawnOnWordNet();
    await db.corpus.update({ where: { id: corpus.id }, data: { measureTokenizer: 'unicode+snowball-es' } });
    await expect(redrawCampaign(db, campaign.id, null)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(
        'tokenizer rouge-score when the sample was drawn and with unicode+snowball-es now',
      ) as string,
    });
    const old = await makeCampaign(db, { pairs: 3 });
    await db.campaign.update({ where: { id: old.id }, data: { sampling: { request: { strategy: 'all' }, seed: '1' } } });
    await expect(redrawCampaign(db, old.id, null)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('before Paralens recorded the definitions') as string,
    });
  });
});
