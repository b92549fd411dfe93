/**
 * The discussion round (the Spanish QA study's proposal): the annotators of a disagreed pair (a
 * final label that is a majority or open, not adjudicated) see the others' answers and rationales
 * (pseudonyms) and may revise their own. A revision is an ordinary edit (POST .../annotations with
 * baseVersion), so the first answer stays in AnnotationRevision; agreement before the round is
 * computed on the first answers (loadRatingMatrix's `firstAnswers`), after it on the current ones.
 */
import { answersInOrder, type Answers, type Question } from '@/lib/annotation/questions';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { DISAGREED_METHODS, hasFinalLabel } from '@/lib/labels/final-labels';
import { sqlMethodList } from './final-labels';
import { loadRatingMatrix } from '../dashboards/campaign-ratings';
import type { MemberCampaign } from '../campaigns/campaign-membership';
import type { Queryable } from '../sql-pool';

export interface DiscussionPair {
  pairId: number;
  /** as the caller saw them */
  texts: [string, string];
  version: number;
  /** the caller's current answers, as shown */
  mine: Answers;
  /** the caller's first answers, if revised since */
  first: Answers | null;
  /** questions not decided unanimously */
  disagreed: string[];
  others: Array<{ annotator: string; answers: Answers }>;
}

interface Row {
  pairId: number;
  swapped: boolean;
  a: string;
  b: string;
  version: number;
  mine: Answers;
  first: Answers | null;
  disagreed: string[];
  others: Array<{ annotator: string; answers: Answers }>;
}

/**
 * The caller's answered pairs whose final label the annotators did not all share on some question
 * (majority, median, tie, spread), in item order.
 */
export async function listDiscussionPairs(
  db: Queryable,
  campaign: MemberCampaign,
  userId: number,
  limit = 50,
): Promise<DiscussionPair[]> {
  const { rows } = await db.query<Row>(
    `SELECT n."pairId", a."swapped", ta."content" AS a, tb."content" AS b, n."version", n."answers" AS mine,
            (SELECT r."values" FROM "AnnotationRevision" r WHERE r."annotationId" = n."id" ORDER BY r."version" LIMIT 1) AS first,
            (SELECT array_agg(f."question" ORDER BY f."question") FROM "FinalLabel" f
             WHERE f."campaignId" = n."campaignId" AND f."pairId" = n."pairId" AND f."method" IN (${sqlMethodList(DISAGREED_METHODS)})) AS disagreed,
            COALESCE((SELECT json_agg(json_build_object('annotator', COALESCE(u."pseudonym", 'user-' || u."id"), 'answers', o."answers") ORDER BY u."pseudonym")
                      FROM "Annotation" o JOIN "User" u ON u."id" = o."annotatorId"
                      WHERE o."campaignId" = n."campaignId" AND o."pairId" = n."pairId" AND o."annotatorId" <> n."annotatorId"), '[]'::json) AS others
     FROM "Annotation" n
     JOIN "Assignment" a ON a."campaignId" = n."campaignId" AND a."pairId" = n."pairId" AND a."userId" = n."annotatorId"
     JOIN "CampaignItem" i ON i."campaignId" = n."campaignId" AND i."pairId" = n."pairId" AND NOT i."isGold"
     JOIN "Pair" p ON p."id" = n."pairId" JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"
     WHERE n."campaignId" = $1 AND n."annotatorId" = $2
       AND EXISTS (SELECT 1 FROM "FinalLabel" f WHERE f."campaignId" = n."campaignId" AND f."pairId" = n."pairId" AND f."method" IN (${sqlMethodList(DISAGREED_METHODS)}))
     ORDER BY i."position"
     LIMIT $3`,
    [campaign.id, userId, limit],
  );
  const shown = (answers: Answers, swapped: boolean) => answersInOrder(campaign.questions, answers, swapped);
  return rows.map((r) => ({
    pairId: r.pairId,
    texts: r.swapped ? [r.b, r.a] : [r.a, r.b],
    version: r.version,
    mine: shown(r.mine, r.swapped),
    first: r.first ? shown(r.first, r.swapped) : null,
    disagreed: r.disagreed,
    others: r.others.map((o) => ({ annotator: o.annotator, answers: shown(o.answers, r.swapped) })),
  }));
}

/**
 * How many pairs wait in each campaign's discussion round for this annotator: the pairs
 * listDiscussionPairs would list (theirs, not gold, a final label not shared by all), by campaign.
 */
export async function countDiscussionPairs(
  db: Queryable,
  campaignIds: readonly number[],
  userId: number,
): Promise<Map<number, number>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await db.query<{ campaignId: number; pairs: number }>(
    `SELECT n."campaignId", count(*)::int AS pairs
     FROM "Annotation" n
     JOIN "CampaignItem" i ON i."campaignId" = n."campaignId" AND i."pairId" = n."pairId" AND NOT i."isGold"
     WHERE n."campaignId" = ANY($1::int[]) AND n."annotatorId" = $2
       AND EXISTS (SELECT 1 FROM "FinalLabel" f WHERE f."campaignId" = n."campaignId" AND f."pairId" = n."pairId" AND f."method" IN (${sqlMethodList(DISAGREED_METHODS)}))
     GROUP BY n."campaignId"`,
    [campaignIds, userId],
  );
  return new Map(rows.map((r) => [r.campaignId, r.pairs]));
}

export interface AgreementChange {
  question: string;
  /** Krippendorff's alpha on the first answers and on the current ones (null when undefined) */
  before: number | null;
  after: number | null;
}

/** Agreement before and after the discussion round, per labelled question (docs/quality.md). */
export async function measureDiscussionAgreement(
  db: Queryable,
  campaignId: number,
  questions: readonly Question[],
): Promise<{ revised: number; changes: AgreementChange[] }> {
  const { rows } = await db.query<{ revised: number }>(
    `SELECT count(DISTINCT r."annotationId")::int AS revised FROM "AnnotationRevision" r JOIN "Annotation" n ON n."id" = r."annotationId" WHERE n."campaignId" = $1`,
    [campaignId],
  );
  const revised = rows[0]?.revised ?? 0;
  if (revised === 0) return { revised, changes: [] };
  const alphaOf = async (question: Question, firstAnswers: boolean) => {
    const matrix = await loadRatingMatrix(db, campaignId, question.key, { firstAnswers });
    const ordered = question.type === 'likert' || (question.type === 'choice' && question.level === 'ordinal');
    const ratings = matrix.ratings.map((row) => row.map((v) => (typeof v === 'boolean' ? String(v) : v)));
    const categories = question.type === 'choice' && ordered ? question.options?.map((o) => o.value) : undefined;
    return computeAgreementReport({ ratings, level: ordered ? 'ordinal' : 'nominal', categories }).coefficients.krippendorffAlpha
      .value;
  };
  const changes: AgreementChange[] = [];
  for (const question of questions.filter(hasFinalLabel))
    changes.push({ question: question.key, before: await alphaOf(question, true), after: await alphaOf(question, false) });
  return { revised, changes };
}
