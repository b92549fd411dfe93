/**
 * The final labels of a campaign as `GET /api/v1/campaigns/{id}/final` gives them: one line per
 * non-gold campaign pair in item order, with the final answers, each question's method (and, for a
 * median between two different middle values, which one was taken) and the number of answers
 * counted; a pair nobody answered yet is `unanswered` on every labelled question.
 */
import { hasFinalLabel, type FinalMethodName, type FinalValue, type MedianTie } from '@/lib/labels/final-labels';
import type { Question } from '@/lib/annotation/questions';
import { streamCursor } from '../cursor-stream';
import type { SqlPool } from '../sql-pool';

export interface FinalLine {
  pairId: number;
  answers: Record<string, FinalValue>;
  method: Record<string, FinalMethodName>;
  medianRule: Record<string, MedianTie>;
  n: number;
}

const FINAL_SQL = `
  SELECT i."pairId",
         COALESCE(jsonb_object_agg(f."question", f."value") FILTER (WHERE f."value" IS NOT NULL), '{}'::jsonb) AS answers,
         COALESCE(jsonb_object_agg(f."question", lower(f."method"::text)) FILTER (WHERE f."question" IS NOT NULL), '{}'::jsonb) AS method,
         COALESCE(jsonb_object_agg(f."question", lower(f."medianRule"::text)) FILTER (WHERE f."medianRule" IS NOT NULL), '{}'::jsonb) AS "medianRule",
         COALESCE(max(f."n"), 0)::int AS n
  FROM "CampaignItem" i
  LEFT JOIN "FinalLabel" f ON f."campaignId" = i."campaignId" AND f."pairId" = i."pairId"
  WHERE i."campaignId" = $1 AND NOT i."isGold"
  GROUP BY i."pairId", i."position"
  ORDER BY i."position"`;

export async function* streamFinalLabels(
  pool: SqlPool,
  campaignId: number,
  questions: readonly Question[],
  batch = 1000,
): AsyncGenerator<FinalLine[]> {
  const labelled = questions.filter(hasFinalLabel).map((q) => q.key);
  for await (const rows of streamCursor<FinalLine>(pool, FINAL_SQL, [campaignId], batch)) {
    yield rows.map((row) => {
      const method: Record<string, FinalMethodName> = {};
      for (const key of labelled) method[key] = row.method[key] ?? 'unanswered';
      return { ...row, method };
    });
  }
}

export interface MethodCount {
  question: string;
  method: FinalMethodName;
  /** for medians between two different middle values: which one was taken (null otherwise) */
  medianRule: MedianTie | null;
  n: number;
}

/** How many final labels each method (and median rule) decided, per question (the campaign page's summary). */
export async function countFinalMethods(pool: SqlPool, campaignId: number): Promise<MethodCount[]> {
  const { rows } = await pool.query<MethodCount>(
    `SELECT "question", lower("method"::text) AS method, lower("medianRule"::text) AS "medianRule", count(*)::int AS n
     FROM "FinalLabel" WHERE "campaignId" = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS FIRST`,
    [campaignId],
  );
  return rows;
}
