/**
 * The counts a label comparison needs (lib/dashboards/label-comparison.ts), aggregated in SQL: per
 * (this campaign's final label, the other side's label) the number of pairs, with NULL for a side that
 * gave a pair no label. This side: the campaign's final labels of one question on its non-gold pairs
 * (undecided ones left out). The other side: another campaign's final labels of one of its questions,
 * or the corpus's own label of the campaign's pairs (`referenceIsParaphrase` as yes/no for yes/no
 * questions, `referenceLabel` otherwise). Values as text: yes/no answers are "yes" and "no".
 */
import type { LabelCount } from '@/lib/dashboards/label-comparison';
import type { Queryable } from './sql-pool';

export type CompareWith = { kind: 'campaign'; campaignId: number; question: string } | { kind: 'source'; field: 'referenceIsParaphrase' | 'referenceLabel' };

const asText = (v: string) => `CASE jsonb_typeof(${v}) WHEN 'boolean' THEN CASE WHEN ${v} = 'true'::jsonb THEN 'yes' ELSE 'no' END ELSE ${v} #>> '{}' END`;

/** Final labels of one question of a campaign, on its non-gold pairs. */
const FINAL = (campaign: string, question: string) => `SELECT f."pairId", ${asText('f."value"')} AS v FROM "FinalLabel" f
  JOIN "CampaignItem" i ON i."campaignId" = f."campaignId" AND i."pairId" = f."pairId" AND NOT i."isGold"
  WHERE f."campaignId" = ${campaign} AND f."question" = ${question} AND f."value" IS NOT NULL AND jsonb_typeof(f."value") <> 'null'`;

const SOURCE = {
  referenceIsParaphrase: `CASE p."referenceIsParaphrase" WHEN TRUE THEN 'yes' WHEN FALSE THEN 'no' END`,
  referenceLabel: `btrim(p."referenceLabel")`,
} as const;

export async function countLabelPairs(db: Queryable, campaignId: number, question: string, other: CompareWith): Promise<LabelCount[]> {
  const otherSql =
    other.kind === 'campaign'
      ? FINAL('$3', '$4')
      : `SELECT p."id" AS "pairId", ${SOURCE[other.field]} AS v FROM "CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId"
         WHERE i."campaignId" = $1 AND NOT i."isGold" AND ${SOURCE[other.field]} IS NOT NULL AND ${SOURCE[other.field]} <> ''`;
  const { rows } = await db.query<{ mine: string | null; other: string | null; n: number }>(
    `WITH mine AS (${FINAL('$1', '$2')}), other AS (${otherSql})
     SELECT mine.v AS mine, other.v AS other, count(*)::int AS n FROM mine FULL OUTER JOIN other ON other."pairId" = mine."pairId"
     GROUP BY 1, 2 ORDER BY 1, 2`,
    other.kind === 'campaign' ? [campaignId, question, other.campaignId, other.question] : [campaignId, question],
  );
  return rows;
}
