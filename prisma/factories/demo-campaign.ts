/**
 * The demo campaign: a small active study on the PAWS-Wiki demo sample with every built-in
 * question, overlap 2, and the demo annotator as a member, so `npm start` shows it on /annotate.
 * Created through the same code as `POST /api/v1/campaigns`.
 */
import type { Db } from '@/lib/db/client';
import { createCampaign } from '@/lib/db/campaigns/campaign-create';
import { findCorpusByName } from '@/lib/db/corpora/corpora';
import { BUILT_IN_QUESTION_KEYS } from '@/lib/annotation/questions';

export const DEMO_CAMPAIGN_NAME = 'PAWS-Wiki demo study';
const DEMO_CORPUS = 'PAWS-Wiki · demo sample';

/** Creates the demo campaign; null when the demo corpus or campaign is missing or already there. */
export async function seedDemoCampaign(db: Db, members: string[]): Promise<{ slug: string; items: number } | null> {
  const corpus = await findCorpusByName(db, DEMO_CORPUS);
  if (!corpus || (await db.campaign.findFirst({ where: { name: DEMO_CAMPAIGN_NAME }, select: { id: true } }))) return null;
  const admin = await db.user.findFirst({ where: { role: 'RESEARCHER', isDemo: true }, select: { id: true } });
  return createCampaign(
    db,
    {
      name: DEMO_CAMPAIGN_NAME,
      corpora: [corpus.slug],
      sample: { strategy: 'random', size: 30, seed: 2023, filters: { length: [10, 40] } },
      questions: [...BUILT_IN_QUESTION_KEYS],
      overlap: 2,
      goldEvery: 0,
      randomiseOrder: true,
      members,
      holdMinutes: 30,
      status: 'active',
    },
    admin?.id ?? null,
  );
}
