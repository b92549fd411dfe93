/** Campaign factory: a corpus of n generated pairs and a campaign over all of them (tests, the demo seed, benchmarks). */
import type { Db } from '@/lib/db/client';
import { createCampaign, type CreateCampaignInput } from '@/lib/db/campaigns/campaign-create';
import { makeCorpus, makePairs } from './corpora';

let counter = 0;

export interface CampaignSpec extends Partial<CreateCampaignInput> {
  /** pairs to generate in a new corpus when `corpora` is not given */
  pairs?: number;
  createdById?: number | null;
}

export async function makeCampaign(db: Db, spec: CampaignSpec = {}) {
  counter += 1;
  let corpora = spec.corpora;
  if (!corpora) {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: spec.pairs ?? 10 }, (_, i) => ({
        a: `Pair ${i} of campaign ${counter}: the first text.`,
        b: `Pair ${i} of campaign ${counter}, the second text.`,
      })),
    );
    corpora = [corpus.slug];
  }
  const { pairs: _pairs, createdById = null, ...rest } = spec;
  const input: CreateCampaignInput = {
    name: `Test campaign ${counter}-${Date.now()}`,
    sample: { strategy: 'all', seed: counter },
    questions: ['semantic', 'relation', 'rationale'],
    overlap: 2,
    goldEvery: 0,
    randomiseOrder: true,
    members: [],
    holdMinutes: 30,
    status: 'active',
    ...rest,
    corpora,
  };
  return createCampaign(db, input, createdById);
}
