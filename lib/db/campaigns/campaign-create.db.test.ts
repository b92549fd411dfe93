/**
 * Creating a campaign: the default guidelines follow the text type of its corpora (the factory's texts
 * are sentences), given guidelines are kept, and gold pairs are turned on after creation.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { listCorpusTextTypes } from '../corpora/corpora';
import { getSqlPool } from '../sql-pool';
import { setCampaignGoldEvery } from './gold';

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
