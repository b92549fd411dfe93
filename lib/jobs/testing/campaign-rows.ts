/**
 * Shared by the tidy jobs' database tests: answering a campaign's next pairs as an annotator, and
 * counting the rows that hang on a campaign.
 */
import { getNextPair } from '@/lib/db/campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { getSqlPool } from '@/lib/db/sql-pool';

export async function answer(slug: string, userId: number, n: number) {
  const pool = getSqlPool();
  for (let i = 0; i < n; i++) {
    const next = await getNextPair(pool, { slug }, userId);
    if (next.kind !== 'pair') throw new Error('nothing left');
    await submitAnswer(pool, { slug }, userId, {
      submissionId: `tidy-${slug}-${userId}-${i}`,
      pairId: next.pair.pairId,
      answers: { semantic: 2 },
    });
  }
}

export async function rowsOfCampaign(id: number) {
  const pool = getSqlPool();
  const count = async (table: string) =>
    Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}" WHERE "campaignId" = $1`, [id])).rows[0]!.n);
  return {
    items: await count('CampaignItem'),
    assignments: await count('Assignment'),
    answers: await count('Annotation'),
    gold: await count('GoldAnswer'),
    members: await count('CampaignMember'),
    exports: await count('ExportJob'),
    corpora: await count('CampaignCorpus'),
  };
}
