/**
 * The queries of storing an answer (lib/services/annotation/submit-answer.ts runs them in one
 * transaction): read the caller's assignment for the pair with what is stored (locked), write a
 * first answer (on the caller's hold, or late into a free slot) or a new version, lock the pair's
 * item for an edit, and list the annotators of a pair for the quality gate. A submissionId is unique
 * among current annotations and their revisions (isUniqueViolation tells a lost race apart).
 */
import type { Answers } from '@/lib/annotation/questions';
import type { MemberCampaign } from '../campaigns/campaign-membership';
import { preparedStatement, type SqlClient, type SqlPool } from '../sql-pool';

export interface StoredAnnotation {
  pairId: number;
  submissionId: string;
  version: number;
  /** as the caller saw the pair (relations in the order shown) */
  answers: Answers;
  /** relations relative to the stored order (a, b) */
  storedAnswers: Answers;
  durationMs: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** only for gold pairs, after answering */
  gold?: GoldFeedback;
}

export interface GoldFeedback {
  correct: boolean;
  /** on a miss: the answers that count, as the caller saw the pair */
  expected?: Answers;
  explanation?: string;
}

export interface SubmissionInput {
  submissionId: string;
  pairId: number;
  answers: unknown;
  durationMs?: number;
  baseVersion?: number;
}

/** An Annotation row as the annotation queries read it. */
export interface AnnotationRow {
  id: number;
  submissionId: string;
  version: number;
  answers: Answers;
  durationMs: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The caller's assignment for the pair, locked, with what is stored for it. */
export interface SubmissionState {
  assignmentId: number;
  status: 'PENDING' | 'SUBMITTED' | 'SKIPPED' | 'EXPIRED';
  swapped: boolean;
  annotation: AnnotationRow | null;
  seen: 'mine' | 'other' | null;
  /** the pair's gold answer (a gold pair), else null */
  gold: { answers: Answers; explanation: string } | null;
}

const ANNOTATION_COLUMNS = `"id", "submissionId", "version", "answers", "durationMs", "createdAt", "updatedAt"`;

const readStateStatement = preparedStatement(
  'submission-state',
  `SELECT a."id" AS "assignmentId", a."status", a."swapped",
            n."id" AS "annotationId", n."submissionId", n."version", n."answers", n."durationMs", n."createdAt", n."updatedAt",
            (SELECT CASE WHEN s."annotationId" = n."id" THEN 'mine' ELSE 'other' END FROM (
               SELECT x."id" AS "annotationId" FROM "Annotation" x WHERE x."submissionId" = $4
               UNION ALL
               SELECT r."annotationId" FROM "AnnotationRevision" r WHERE r."submissionId" = $4) s LIMIT 1) AS seen,
            g."answers" AS "goldAnswers", g."explanation" AS "goldExplanation"
     FROM "Assignment" a
     LEFT JOIN "Annotation" n ON n."campaignId" = a."campaignId" AND n."pairId" = a."pairId" AND n."annotatorId" = a."userId"
     LEFT JOIN "GoldAnswer" g ON g."campaignId" = a."campaignId" AND g."pairId" = a."pairId"
     WHERE a."campaignId" = $1 AND a."pairId" = $2 AND a."userId" = $3
     FOR UPDATE OF a`,
);

export async function readSubmissionState(
  client: SqlClient,
  campaignId: number,
  userId: number,
  input: SubmissionInput,
): Promise<SubmissionState | null> {
  type Row = Omit<SubmissionState, 'annotation' | 'gold'> & {
    annotationId: number | null;
    goldAnswers: Answers | null;
    goldExplanation: string | null;
  } & Omit<AnnotationRow, 'id'>;
  const { rows } = await readStateStatement<Row>(client, [campaignId, input.pairId, userId, input.submissionId]);
  const row = rows[0];
  if (!row) return null;
  const {
    annotationId,
    submissionId,
    version,
    answers,
    durationMs,
    createdAt,
    updatedAt,
    goldAnswers,
    goldExplanation,
    ...state
  } = row;
  return {
    ...state,
    annotation:
      annotationId === null ? null : { id: annotationId, submissionId, version, answers, durationMs, createdAt, updatedAt },
    gold: goldAnswers === null ? null : { answers: goldAnswers, explanation: goldExplanation ?? '' },
  };
}

const insertSql = (slot: string) => `WITH slot AS (${slot}),
     done AS (UPDATE "Assignment" SET "status" = 'SUBMITTED', "completedAt" = now(), "expiresAt" = NULL WHERE "id" = $8 AND EXISTS (SELECT 1 FROM slot))
     INSERT INTO "Annotation" ("campaignId", "pairId", "annotatorId", "submissionId", "answers", "durationMs", "version", "wordingVersion", "createdAt", "updatedAt")
     SELECT $1, $2, $3, $4, $5::jsonb, $6, 1, $9, now(), now() FROM slot
     RETURNING ${ANNOTATION_COLUMNS}`;

/** The first answer: on the caller's hold, the hold becomes the answer; late, it takes a free slot (none free: no row). */
const insertStatements = {
  onHold: preparedStatement(
    'insert-answer-on-hold',
    insertSql(`UPDATE "CampaignItem" SET "answers" = "answers" + 1, "holds" = "holds" - 1
       WHERE "campaignId" = $1 AND "pairId" = $2 AND "holds" > 0 AND "answers" + "holds" <= $7 RETURNING "id"`),
  ),
  /** a gold pair, or an excluded annotator's late answer: no slot to take, no counters (neither counts towards the overlap) */
  uncounted: preparedStatement('insert-answer-gold', insertSql(`SELECT 1 AS "id" WHERE $7::int IS NOT NULL`)),
  late: preparedStatement(
    'insert-answer-late',
    insertSql(`UPDATE "CampaignItem" SET "answers" = "answers" + 1, "isOpen" = ("answers" + 1 + "holds" < $7)
       WHERE "campaignId" = $1 AND "pairId" = $2 AND "answers" + "holds" < $7 RETURNING "id"`),
  ),
};

export async function insertAnswer(
  client: SqlClient,
  campaign: MemberCampaign,
  userId: number,
  state: SubmissionState,
  input: SubmissionInput,
  answers: Answers,
  late: boolean,
): Promise<AnnotationRow | null> {
  const values = [
    campaign.id,
    input.pairId,
    userId,
    input.submissionId,
    JSON.stringify(answers),
    input.durationMs ?? null,
    campaign.overlap,
    state.assignmentId,
    campaign.wordingVersion,
  ];
  const { rows } = await insertStatements[
    state.gold || campaign.excluded ? 'uncounted' : late ? 'late' : 'onHold'
  ]<AnnotationRow>(client, values);
  return rows[0] ?? null;
}

/** A new version: the old answers and submissionId go into the history. */
export async function updateAnswer(
  client: SqlClient,
  campaign: MemberCampaign,
  userId: number,
  current: AnnotationRow,
  input: SubmissionInput,
  answers: Answers,
): Promise<AnnotationRow> {
  const { rows } = await client.query<AnnotationRow>(
    `WITH revision AS (
       INSERT INTO "AnnotationRevision" ("annotationId", "version", "submissionId", "values", "editorId", "createdAt")
       SELECT "id", "version", "submissionId", "answers", $5, "updatedAt" FROM "Annotation" WHERE "id" = $1)
     UPDATE "Annotation" SET "answers" = $2::jsonb, "submissionId" = $3, "version" = "version" + 1,
            "durationMs" = CASE WHEN $4::int IS NULL THEN "durationMs" ELSE COALESCE("durationMs", 0) + $4::int END, "wordingVersion" = $6, "updatedAt" = now()
     WHERE "id" = $1
     RETURNING ${ANNOTATION_COLUMNS}`,
    [current.id, JSON.stringify(answers), input.submissionId, input.durationMs ?? null, userId, campaign.wordingVersion],
  );
  return rows[0]!;
}

const lockItem = preparedStatement(
  'lock-item-for-edit',
  `SELECT 1 FROM "CampaignItem" WHERE "campaignId" = $1 AND "pairId" = $2 FOR NO KEY UPDATE`,
);

/** Locks the pair's item before an edit, so that answers to the pair are serialised. */
export async function lockItemForEdit(client: SqlClient, campaignId: number, pairId: number): Promise<void> {
  await lockItem(client, [campaignId, pairId]);
}

/** Who has answered the pair (the annotators the quality gate looks at after a submission). */
export async function listPairAnnotators(pool: SqlPool, campaignId: number, pairId: number): Promise<number[]> {
  const { rows } = await pool.query<{ userId: number }>(
    `SELECT "annotatorId" AS "userId" FROM "Annotation" WHERE "campaignId" = $1 AND "pairId" = $2`,
    [campaignId, pairId],
  );
  return rows.map((r) => r.userId);
}

/** Another submission with the same submissionId won the race for the unique index. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
