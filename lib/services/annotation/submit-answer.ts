/**
 * Storing answers (`POST /api/v1/campaigns/{id}/annotations`): one transaction per submission. Lock
 * the caller's membership (releasing expired holds), lock the caller's assignment for the pair and read what is stored,
 * decide (lib/annotation/submission.ts), then one write statement. A submissionId is unique among
 * current annotations and their revisions, so a retry finds its stored row instead of writing a
 * second; an edit must name the version it changes; a late answer takes a slot only while one is
 * free, so answers + live holds never exceed the overlap.
 */
import { AppError } from '@/lib/errors/app-error';
import { answersInOrder, checkAnswers, type Answers } from '@/lib/annotation/questions';
import { invalidAnswersError } from '@/lib/annotation/partial-answers';
import { gradeGoldAnswer } from '@/lib/annotation/quality-settings';
import { gateIsOn } from '@/lib/annotation/quality-gate';
import { refreshFinalLabels } from '@/lib/db/annotations/final-labels';
import { applyQualityGate } from '@/lib/db/campaigns/quality-gate';
import { decideSubmission, refusalMessages } from '@/lib/annotation/submission';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { lockMembership, type MemberCampaign } from '@/lib/db/campaigns/campaign-membership';
import { inTransaction, preparedStatement, type SqlClient, type SqlPool } from '@/lib/db/sql-pool';

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

interface StateRow {
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

async function readState(
  client: SqlClient,
  campaignId: number,
  userId: number,
  input: SubmissionInput,
): Promise<StateRow | null> {
  type Row = Omit<StateRow, 'annotation' | 'gold'> & {
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

function toStored(campaign: MemberCampaign, pairId: number, swapped: boolean, row: AnnotationRow): StoredAnnotation {
  return {
    pairId,
    submissionId: row.submissionId,
    version: row.version,
    answers: answersInOrder(campaign.questions, row.answers, swapped),
    storedAnswers: row.answers,
    durationMs: row.durationMs,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function checkedAnswers(campaign: MemberCampaign, raw: unknown, swapped: boolean): Answers {
  const checked = checkAnswers(campaign.questions, raw);
  if (!checked.ok) throw invalidAnswersError(checked.errors);
  return answersInOrder(campaign.questions, checked.answers, swapped);
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

async function insertAnswer(
  client: SqlClient,
  campaign: MemberCampaign,
  userId: number,
  state: StateRow,
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
async function updateAnswer(
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

/** On a gold pair, whether the stored answer was right, and on a miss the expected answers (as shown) and the explanation. */
function withGold(campaign: MemberCampaign, state: StateRow, stored: StoredAnnotation): StoredAnnotation {
  if (!state.gold) return stored;
  const { correct, expected } = gradeGoldAnswer(
    campaign.questions,
    campaign.qualitySettings,
    state.gold.answers,
    stored.storedAnswers,
  );
  const gold: GoldFeedback = correct
    ? { correct }
    : { correct, expected: answersInOrder(campaign.questions, expected, state.swapped), explanation: state.gold.explanation };
  return { ...stored, gold };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function submitAnnotation(
  pool: SqlPool,
  ref: CampaignRef,
  userId: number,
  input: SubmissionInput,
): Promise<{ created: boolean; annotation: StoredAnnotation }> {
  const gate: { campaignId?: number } = {};
  const stored = await storeAnswer(pool, ref, userId, input, (campaign) => {
    if (gateIsOn(campaign.qualitySettings)) gate.campaignId = campaign.id;
  });
  if (gate.campaignId !== undefined) await gateAfterSubmission(pool, gate.campaignId, input.pairId);
  return stored;
}

/**
 * The quality gate for the annotators of the pair just answered. The answer is already
 * stored and acknowledged: a gate that fails (a deadlock with another submission, say) is logged
 * and runs again at the pair's next answer.
 */
async function gateAfterSubmission(pool: SqlPool, campaignId: number, pairId: number): Promise<void> {
  try {
    const { rows } = await pool.query<{ userId: number }>(
      `SELECT "annotatorId" AS "userId" FROM "Annotation" WHERE "campaignId" = $1 AND "pairId" = $2`,
      [campaignId, pairId],
    );
    await applyQualityGate(
      pool,
      campaignId,
      rows.map((r) => r.userId),
    );
  } catch (error) {
    console.error('[quality gate] could not run after a submission; it runs again at the next one', error);
  }
}

async function storeAnswer(
  pool: SqlPool,
  ref: CampaignRef,
  userId: number,
  input: SubmissionInput,
  seen: (campaign: MemberCampaign) => void,
): Promise<{ created: boolean; annotation: StoredAnnotation }> {
  try {
    return await inTransaction(pool, async (client) => {
      const campaign = await lockMembership(client, ref, userId);
      seen(campaign);
      const state = await readState(client, campaign.id, userId, input);
      const decision = decideSubmission({
        assignment: state?.status ?? null,
        annotation: state?.annotation ?? null,
        seen: state?.seen ?? null,
        isActive: campaign.status === 'ACTIVE',
        baseVersion: input.baseVersion,
      });
      if (decision.kind === 'refuse') {
        const current =
          decision.reason === 'stale' && state?.annotation
            ? { current: toStored(campaign, input.pairId, state.swapped, state.annotation) }
            : undefined;
        throw new AppError(decision.status === 404 ? 'NOT_FOUND' : 'CONFLICT', refusalMessages[decision.reason], current);
      }
      const s = state!;
      if (decision.kind === 'replay')
        return { created: false, annotation: withGold(campaign, s, toStored(campaign, input.pairId, s.swapped, s.annotation!)) };
      const answers = checkedAnswers(campaign, input.answers, s.swapped);
      let row: AnnotationRow | null;
      if (decision.kind === 'edit') {
        if (!s.gold) await lockItem(client, [campaign.id, input.pairId]);
        row = await updateAnswer(client, campaign, userId, s.annotation!, input, answers);
      } else {
        row = await insertAnswer(client, campaign, userId, s, input, answers, decision.kind === 'create-late');
        if (!row) throw new AppError('CONFLICT', refusalMessages.reassigned);
      }
      // The item row is locked now (the insert changed its counters, or lockItem): answers to the pair are serialised.
      if (!s.gold) await refreshFinalLabels(client, campaign.id, campaign.questions, input.pairId);
      return {
        created: decision.kind !== 'edit',
        annotation: withGold(campaign, s, toStored(campaign, input.pairId, s.swapped, row)),
      };
    });
  } catch (error) {
    // Another annotator's submission with the same id won the race for the unique index.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', refusalMessages['submission-reused']);
    throw error;
  }
}
