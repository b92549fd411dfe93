/**
 * Cross-counts of two questions' answers in a campaign, one count per annotation that answered
 * both (gold pairs and excluded annotators left out), counted in SQL: entailment relations by
 * paraphrase vs non-paraphrase (thesis Fig. 5.5) and the loose × strict paraphrase table.
 */
import type { Queryable } from '../sql-pool';

export interface AnswerCrossCount {
  a: string;
  b: string;
  n: number;
}

export async function countAnswerPairs(
  db: Queryable,
  campaignId: number,
  first: string,
  second: string,
): Promise<AnswerCrossCount[]> {
  const { rows } = await db.query<AnswerCrossCount>(
    `SELECT n."answers" ->> $2 AS a, n."answers" ->> $3 AS b, count(*)::int AS n
     FROM "Annotation" n
     JOIN "CampaignItem" i ON i."campaignId" = n."campaignId" AND i."pairId" = n."pairId" AND NOT i."isGold"
     LEFT JOIN "CampaignMember" m ON m."campaignId" = n."campaignId" AND m."userId" = n."annotatorId"
     WHERE n."campaignId" = $1 AND NOT COALESCE(m."excluded", FALSE)
       AND jsonb_typeof(n."answers" -> $2) IN ('string', 'boolean', 'number') AND jsonb_typeof(n."answers" -> $3) IN ('string', 'boolean', 'number')
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [campaignId, first, second],
  );
  return rows;
}
