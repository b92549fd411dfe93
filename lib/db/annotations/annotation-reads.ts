/**
 * Reading answers back: the caller's own (to go back and edit; in the order they saw the texts,
 * with each earlier version), and a campaign's current annotations for researchers as a stream
 * read through a server-side cursor in batches, so memory stays flat however large the campaign.
 */
import { answersInOrder, type Answers } from '@/lib/annotation/questions';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { requireMembership } from '../campaigns/campaign-membership';
import type { SqlPool } from '../sql-pool';
import { streamCursor } from '../cursor-stream';
import type { AnnotationRow, StoredAnnotation } from './annotations';

export interface MyAnnotation extends StoredAnnotation {
  /** [first shown, second shown] */
  texts: [string, string];
  /** the earlier versions, oldest first, answers as shown */
  history: Array<{ version: number; answers: Answers; createdAt: string }>;
}

interface MineRow extends Omit<AnnotationRow, 'id'> {
  pairId: number;
  swapped: boolean;
  a: string;
  b: string;
  history: Array<{ version: number; answers: Answers; createdAt: string }>;
}

const isoUtc = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The caller's answers, the most recently handed out first; `before` continues after that pair. */
export async function listMyAnnotations(
  pool: SqlPool,
  ref: CampaignRef,
  userId: number,
  page: { limit: number; before?: number },
): Promise<{ annotations: MyAnnotation[]; nextBefore: number | null }> {
  const campaign = await requireMembership(pool, ref, userId);
  const { rows } = await pool.query<MineRow>(
    `SELECT a."pairId", a."swapped", n."submissionId", n."version", n."answers", n."durationMs", n."createdAt", n."updatedAt",
            ta."content" AS a, tb."content" AS b,
            COALESCE((SELECT json_agg(json_build_object('version', r."version", 'answers', r."values", 'createdAt', ${isoUtc('r."createdAt"')}) ORDER BY r."version")
                      FROM "AnnotationRevision" r WHERE r."annotationId" = n."id"), '[]'::json) AS history
     FROM "Assignment" a
     JOIN "Annotation" n ON n."campaignId" = a."campaignId" AND n."pairId" = a."pairId" AND n."annotatorId" = a."userId"
     JOIN "Pair" p ON p."id" = a."pairId"
     JOIN "Text" ta ON ta."id" = p."textAId"
     JOIN "Text" tb ON tb."id" = p."textBId"
     WHERE a."userId" = $2 AND a."campaignId" = $1 AND a."status" = 'SUBMITTED'
       AND ($3::int IS NULL OR a."position" < (SELECT i."position" FROM "CampaignItem" i WHERE i."campaignId" = $1 AND i."pairId" = $3))
     ORDER BY a."position" DESC
     LIMIT $4`,
    [campaign.id, userId, page.before ?? null, page.limit + 1],
  );
  const shown = (answers: Answers, swapped: boolean) => answersInOrder(campaign.questions, answers, swapped);
  const annotations = rows.slice(0, page.limit).map((r): MyAnnotation => ({
    pairId: r.pairId,
    submissionId: r.submissionId,
    version: r.version,
    answers: shown(r.answers, r.swapped),
    storedAnswers: r.answers,
    durationMs: r.durationMs,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    texts: r.swapped ? [r.b, r.a] : [r.a, r.b],
    history: r.history.map((h) => ({ ...h, answers: shown(h.answers, r.swapped) })),
  }));
  return { annotations, nextBefore: rows.length > page.limit ? annotations.at(-1)!.pairId : null };
}

export interface AnnotationLine {
  pairId: number;
  annotator: string;
  submissionId: string;
  version: number;
  answers: Answers;
  isGold: boolean;
  durationMs: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The campaign by id or slug, for researchers and admins (who see every campaign). */
export async function findCampaignId(pool: SqlPool, ref: CampaignRef): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT "id" FROM "Campaign" WHERE ${'id' in ref ? '"id" = $1' : '"slug" = $1'}`,
    ['id' in ref ? ref.id : ref.slug],
  );
  return rows[0]?.id ?? null;
}

/** The campaign's slug by id or slug, for researchers and admins. */
export async function findCampaignSlug(pool: SqlPool, ref: CampaignRef): Promise<string | null> {
  const { rows } = await pool.query<{ slug: string }>(
    `SELECT "slug" FROM "Campaign" WHERE ${'id' in ref ? '"id" = $1' : '"slug" = $1'}`,
    ['id' in ref ? ref.id : ref.slug],
  );
  return rows[0]?.slug ?? null;
}

export const EXPORT_BATCH = 1000;

/** Every current annotation of the campaign, in batches (lib/db/cursor-stream.ts). */
export async function* streamCampaignAnnotations(
  pool: SqlPool,
  campaignId: number,
  batch = EXPORT_BATCH,
): AsyncGenerator<AnnotationLine[]> {
  yield* streamCursor<AnnotationLine>(
    pool,
    `SELECT n."pairId", COALESCE(u."pseudonym", 'user-' || u."id") AS annotator, n."submissionId", n."version", n."answers",
            COALESCE(i."isGold", FALSE) AS "isGold", n."durationMs", ${isoUtc('n."createdAt"')} AS "createdAt", ${isoUtc('n."updatedAt"')} AS "updatedAt"
     FROM "Annotation" n
     JOIN "User" u ON u."id" = n."annotatorId"
     LEFT JOIN "CampaignItem" i ON i."campaignId" = n."campaignId" AND i."pairId" = n."pairId"
     WHERE n."campaignId" = $1
     ORDER BY n."id"`,
    [campaignId],
    batch,
  );
}
