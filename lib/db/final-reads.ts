/**
 * The final labels of a campaign as `GET /api/v1/campaigns/{id}/final` gives them: one line per
 * non-gold campaign pair in item order, with the final answers, each question's method and the
 * number of answers counted; a pair nobody answered yet is open on every labelled question.
 */
import { hasFinalLabel, type FinalMethodName, type FinalValue } from '@/lib/labels/final-labels';
import type { Question } from '@/lib/annotation/questions';
import { streamCursor } from './cursor-stream';
import type { SqlPool } from './sql-pool';

export interface FinalLine {
  pairId: number;
  answers: Record<string, FinalValue>;
  method: Record<string, FinalMethodName>;
  n: number;
}

const FINAL_SQL = `
  SELECT i."pairId",
         COALESCE(jsonb_object_agg(f."question", f."value") FILTER (WHERE f."value" IS NOT NULL), '{}'::jsonb) AS answers,
         COALESCE(jsonb_object_agg(f."question", lower(f."method"::text)) FILTER (WHERE f."question" IS NOT NULL), '{}'::jsonb) AS method,
         COALESCE(max(f."n"), 0)::int AS n
  FROM "CampaignItem" i
  LEFT JOIN "FinalLabel" f ON f."campaignId" = i."campaignId" AND f."pairId" = i."pairId"
  WHERE i."campaignId" = $1 AND NOT i."isGold"
  GROUP BY i."pairId", i."position"
  ORDER BY i."position"`;

export async function* streamFinalLabels(pool: SqlPool, campaignId: number, questions: readonly Question[], batch = 1000): AsyncGenerator<FinalLine[]> {
  const labelled = questions.filter(hasFinalLabel).map((q) => q.key);
  for await (const rows of streamCursor<FinalLine>(pool, FINAL_SQL, [campaignId], batch)) {
    yield rows.map((row) => {
      const method: Record<string, FinalMethodName> = {};
      for (const key of labelled) method[key] = row.method[key] ?? 'open';
      return { ...row, method };
    });
  }
}

/** How many final labels each method decided, per question (the campaign page's summary). */
export async function countFinalMethods(pool: SqlPool, campaignId: number): Promise<Array<{ question: string; method: FinalMethodName; n: number }>> {
  const { rows } = await pool.query<{ question: string; method: FinalMethodName; n: number }>(
    `SELECT "question", lower("method"::text) AS method, count(*)::int AS n FROM "FinalLabel" WHERE "campaignId" = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [campaignId],
  );
  return rows;
}
