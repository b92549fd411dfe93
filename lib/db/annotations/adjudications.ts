/**
 * Adjudication: the open pairs of a campaign with every counted answer side by side (annotators as
 * pseudonyms), and the adjudicator's final answers with a note (POST
 * /api/v1/campaigns/{id}/adjudications). Researchers, admins and members with the adjudicator role
 * may adjudicate. Saving refreshes the pair's final labels in the same transaction.
 */
import { AppError } from '@/lib/errors/app-error';
import { checkPartialAnswers, invalidAnswersError } from '@/lib/annotation/partial-answers';
import { readStoredQuestions, type Answers, type Question } from '@/lib/annotation/questions';
import type { RoleName } from '@/lib/access/roles';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { OPEN_METHODS } from '@/lib/labels/final-labels';
import { refreshFinalLabels, sqlMethodList } from './final-labels';
import { inTransaction, type Queryable, type SqlPool } from '../sql-pool';

export interface AdjudicationCampaign {
  id: number;
  slug: string;
  name: string;
  questions: Question[];
}

/** The campaign if the caller may adjudicate it (staff, or a member with the adjudicator role), else null. */
export async function findAdjudicationCampaign(
  db: Queryable,
  ref: CampaignRef,
  user: { id: number; role: RoleName },
): Promise<AdjudicationCampaign | null> {
  const { rows } = await db.query<Omit<AdjudicationCampaign, 'questions'> & { questions: unknown; isAdjudicator: boolean }>(
    `SELECT c."id", c."slug", c."name", c."questions",
            EXISTS (SELECT 1 FROM "CampaignMember" m WHERE m."campaignId" = c."id" AND m."userId" = $2 AND m."role" = 'ADJUDICATOR') AS "isAdjudicator"
     FROM "Campaign" c WHERE ${'id' in ref ? 'c."id" = $1' : 'c."slug" = $1'}`,
    ['id' in ref ? ref.id : ref.slug, user.id],
  );
  const row = rows[0];
  if (!row || (user.role === 'ANNOTATOR' && !row.isAdjudicator)) return null;
  return { id: row.id, slug: row.slug, name: row.name, questions: readStoredQuestions(row.questions) };
}

export interface QueuedPair {
  pairId: number;
  texts: [string, string];
  /** questions still open */
  open: string[];
  answers: Array<{ annotator: string; answers: Answers }>;
}

/** The open final labels of a campaign, one row per pair: the questions still open on it. */
const OPEN_SQL = `SELECT f."pairId", array_agg(f."question" ORDER BY f."question") AS open FROM "FinalLabel" f
  WHERE f."campaignId" = $1 AND f."method" IN (${sqlMethodList(OPEN_METHODS)}) GROUP BY f."pairId"`;

/** What is left to adjudicate, in both units: pairs with an open question, and open labels (question × pair). */
export interface OpenCount {
  pairs: number;
  labels: number;
}

export async function countOpenAdjudications(db: Queryable, campaignId: number): Promise<OpenCount> {
  const { rows } = await db.query<OpenCount>(
    `SELECT count(*)::int AS pairs, COALESCE(sum(cardinality(o.open)), 0)::int AS labels
     FROM (${OPEN_SQL}) o JOIN "CampaignItem" i ON i."campaignId" = $1 AND i."pairId" = o."pairId"`,
    [campaignId],
  );
  return rows[0] ?? { pairs: 0, labels: 0 };
}

/**
 * The open pairs (some question's final label is left open: tie, spread, unanswered), in item
 * order, with every counted answer; `total` counts the open pairs and `labels` the open labels.
 */
export async function listAdjudicationQueue(
  db: Queryable,
  campaignId: number,
  limit = 50,
): Promise<{ pairs: QueuedPair[]; total: number; labels: number }> {
  const { rows } = await db.query<QueuedPair & { a: string; b: string; total: number; labels: number }>(
    `WITH open AS (${OPEN_SQL})
     SELECT o."pairId", o.open, ta."content" AS a, tb."content" AS b, count(*) OVER ()::int AS total,
            sum(cardinality(o.open)) OVER ()::int AS labels,
            COALESCE((SELECT json_agg(json_build_object('annotator', COALESCE(u."pseudonym", 'user-' || u."id"), 'answers', n."answers") ORDER BY u."pseudonym")
                      FROM "Annotation" n JOIN "User" u ON u."id" = n."annotatorId"
                      LEFT JOIN "CampaignMember" m ON m."campaignId" = n."campaignId" AND m."userId" = n."annotatorId"
                      WHERE n."campaignId" = $1 AND n."pairId" = o."pairId" AND NOT COALESCE(m."excluded", FALSE)), '[]'::json) AS answers
     FROM open o JOIN "CampaignItem" i ON i."campaignId" = $1 AND i."pairId" = o."pairId"
     JOIN "Pair" p ON p."id" = o."pairId" JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"
     ORDER BY i."position" LIMIT $2`,
    [campaignId, limit],
  );
  return {
    pairs: rows.map(({ a, b, total: _total, labels: _labels, ...r }) => ({ ...r, texts: [a, b] })),
    total: rows[0]?.total ?? 0,
    labels: rows[0]?.labels ?? 0,
  };
}

export interface AdjudicationInput {
  pairId: number;
  answers: unknown;
  note?: string;
}

export interface StoredAdjudication {
  pairId: number;
  answers: Answers;
  note: string | null;
  created: boolean;
}

export async function saveAdjudication(
  pool: SqlPool,
  campaign: AdjudicationCampaign,
  adjudicatorId: number,
  input: AdjudicationInput,
): Promise<StoredAdjudication> {
  return inTransaction(pool, async (client) => {
    const { rows: items } = await client.query<{ id: number }>(
      `SELECT "id" FROM "CampaignItem" WHERE "campaignId" = $1 AND "pairId" = $2 AND NOT "isGold" FOR NO KEY UPDATE`,
      [campaign.id, input.pairId],
    );
    if (!items[0]) throw new AppError('NOT_FOUND', 'No such pair in this campaign.');
    const checked = checkPartialAnswers(campaign.questions, input.answers);
    if (!checked.ok) throw invalidAnswersError(checked.errors);
    const { rows } = await client.query<{ created: boolean }>(
      `INSERT INTO "Adjudication" ("campaignId", "pairId", "adjudicatorId", "method", "answers", "note", "updatedAt")
       VALUES ($1, $2, $3, 'ADJUDICATOR', $4::jsonb, $5, now())
       ON CONFLICT ("campaignId", "pairId") DO UPDATE SET "adjudicatorId" = EXCLUDED."adjudicatorId", "answers" = EXCLUDED."answers", "note" = EXCLUDED."note", "updatedAt" = now()
       RETURNING (xmax = 0) AS created`,
      [campaign.id, input.pairId, adjudicatorId, JSON.stringify(checked.answers), input.note ?? null],
    );
    await refreshFinalLabels(client, campaign.id, campaign.questions, input.pairId);
    return { pairId: input.pairId, answers: checked.answers, note: input.note ?? null, created: rows[0]!.created };
  });
}
