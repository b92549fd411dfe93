/**
 * Gold pairs: researchers mark a pair of the campaign's corpora as a hidden test pair with the
 * expected answers and an explanation (POST /api/v1/campaigns/{id}/gold). A gold pair is a
 * CampaignItem with isGold (closed to the ordinary draw, no answer or hold counters: it never
 * counts towards the overlap) plus its GoldAnswer; `next` hands it to every annotator once
 * (lib/db/campaigns/assignments.ts). A pair already handed out as an ordinary pair cannot become gold.
 */
import { AppError } from '@/lib/errors/app-error';
import { checkPartialAnswers, invalidAnswersError } from '@/lib/annotation/partial-answers';
import { readStoredQuestions, type Answers, type Question } from '@/lib/annotation/questions';
import { computeGoldAccuracy, type GoldAccuracy } from '@/lib/annotation/gold-check';
import { gradeGoldAnswer, readQualitySettings } from '@/lib/annotation/quality-settings';
import { recountItemAnswers, setMemberExclusion } from './counted-answers';
import { refreshCampaignFinalLabels, refreshFinalLabels } from '../annotations/final-labels';
import { inTransaction, type Queryable, type SqlClient, type SqlPool } from '../sql-pool';

export interface GoldInput {
  pairId: number;
  answers: unknown;
  explanation: string;
}

export interface StoredGold {
  pairId: number;
  answers: Answers;
  explanation: string;
  created: boolean;
}

interface PairState {
  inCorpora: boolean;
  itemId: number | null;
  handedOut: boolean;
}

export async function setGoldAnswer(pool: SqlPool, campaignId: number, input: GoldInput): Promise<StoredGold> {
  return inTransaction(pool, async (client) => {
    const { rows: campaigns } = await client.query<{ questions: unknown }>(
      `SELECT "questions" FROM "Campaign" WHERE "id" = $1 FOR NO KEY UPDATE`,
      [campaignId],
    );
    if (!campaigns[0]) throw new AppError('NOT_FOUND', 'No such campaign.');
    return writeGoldAnswer(client, campaignId, readStoredQuestions(campaigns[0].questions), input);
  });
}

/** Marks one gold pair inside the caller's transaction (the campaign row locked): the API and `paralens gold` FILE. */
export async function writeGoldAnswer(
  client: SqlClient,
  campaignId: number,
  questions: readonly Question[],
  input: GoldInput,
): Promise<StoredGold> {
  const { rows } = await client.query<PairState>(
    `SELECT EXISTS (SELECT 1 FROM "Pair" p JOIN "CampaignCorpus" cc ON cc."corpusId" = p."corpusId" AND cc."campaignId" = $1 WHERE p."id" = $2) AS "inCorpora",
              (SELECT i."id" FROM "CampaignItem" i WHERE i."campaignId" = $1 AND i."pairId" = $2 FOR UPDATE) AS "itemId",
              EXISTS (SELECT 1 FROM "Assignment" a JOIN "CampaignItem" i ON i."campaignId" = a."campaignId" AND i."pairId" = a."pairId" AND NOT i."isGold"
                      WHERE a."campaignId" = $1 AND a."pairId" = $2) AS "handedOut"`,
    [campaignId, input.pairId],
  );
  const state = rows[0]!;
  if (!state.inCorpora && state.itemId === null) throw new AppError('NOT_FOUND', 'No such pair in the corpora of this campaign.');
  if (state.handedOut)
    throw new AppError('CONFLICT', 'This pair was already handed out as an ordinary pair; choose another one for gold.');
  const checked = checkPartialAnswers(questions, input.answers);
  if (!checked.ok) throw invalidAnswersError(checked.errors);
  if (state.itemId === null) {
    await client.query(
      `INSERT INTO "CampaignItem" ("campaignId", "pairId", "position", "isGold", "isOpen", "stratum")
         SELECT $1, $2, COALESCE(max("position"), 0) + 1, TRUE, FALSE, 'gold' FROM "CampaignItem" WHERE "campaignId" = $1`,
      [campaignId, input.pairId],
    );
  } else {
    await client.query(
      `UPDATE "CampaignItem" SET "isGold" = TRUE, "isOpen" = FALSE, "answers" = 0, "holds" = 0 WHERE "id" = $1`,
      [state.itemId],
    );
  }
  const { rows: saved } = await client.query<{ created: boolean }>(
    `INSERT INTO "GoldAnswer" ("campaignId", "pairId", "answers", "explanation") VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT ("campaignId", "pairId") DO UPDATE SET "answers" = EXCLUDED."answers", "explanation" = EXCLUDED."explanation"
       RETURNING (xmax = 0) AS created`,
    [campaignId, input.pairId, JSON.stringify(checked.answers), input.explanation],
  );
  await refreshFinalLabels(client, campaignId, questions, input.pairId);
  return { pairId: input.pairId, answers: checked.answers, explanation: input.explanation, created: saved[0]!.created };
}

export interface MemberGoldAccuracy extends GoldAccuracy {
  userId: number;
  name: string;
  pseudonym: string | null;
  excluded: boolean;
}

interface GoldAnswerRow {
  userId: number;
  name: string;
  pseudonym: string | null;
  excluded: boolean;
  given: Answers | null;
  expected: Answers | null;
}

/** Each annotator of the campaign with their gold answers, right ones and accuracy; flagged under the campaign's threshold. */
export async function listGoldAccuracy(db: Queryable, campaignId: number): Promise<MemberGoldAccuracy[]> {
  return (await readGoldAccuracy(db, campaignId)).members;
}

export async function readGoldAccuracy(
  db: Queryable,
  campaignId: number,
): Promise<{ minAccuracy: number; goldPairs: number; members: MemberGoldAccuracy[] }> {
  const { rows: campaigns } = await db.query<{
    questions: unknown;
    settings: unknown;
    goldMinAccuracy: number;
    goldPairs: number;
  }>(
    `SELECT "questions", "qualitySettings" AS settings, "goldMinAccuracy", (SELECT count(*) FROM "GoldAnswer" g WHERE g."campaignId" = c."id")::int AS "goldPairs" FROM "Campaign" c WHERE "id" = $1`,
    [campaignId],
  );
  if (!campaigns[0]) return { minAccuracy: 0, goldPairs: 0, members: [] };
  const questions = readStoredQuestions(campaigns[0].questions);
  const settings = readQualitySettings(campaigns[0].settings);
  const { rows } = await db.query<GoldAnswerRow>(
    `SELECT u."id" AS "userId", u."name", u."pseudonym", m."excluded", n."answers" AS given, g."answers" AS expected
     FROM "CampaignMember" m JOIN "User" u ON u."id" = m."userId"
     LEFT JOIN "Annotation" n ON n."campaignId" = m."campaignId" AND n."annotatorId" = m."userId"
       AND EXISTS (SELECT 1 FROM "GoldAnswer" x WHERE x."campaignId" = n."campaignId" AND x."pairId" = n."pairId")
     LEFT JOIN "GoldAnswer" g ON g."campaignId" = n."campaignId" AND g."pairId" = n."pairId"
     WHERE m."campaignId" = $1 AND m."role" = 'ANNOTATOR'
     ORDER BY u."name", u."id"`,
    [campaignId],
  );
  const members = new Map<number, { row: GoldAnswerRow; checks: boolean[] }>();
  for (const row of rows) {
    const member = members.get(row.userId) ?? { row, checks: [] };
    const grade = row.given && row.expected ? gradeGoldAnswer(questions, settings, row.expected, row.given) : null;
    // a gold pair giving none of the counted questions is not graded
    if (grade && Object.keys(grade.expected).length > 0) member.checks.push(grade.correct);
    members.set(row.userId, member);
  }
  const { goldMinAccuracy: minAccuracy, goldPairs } = campaigns[0];
  return {
    minAccuracy,
    goldPairs,
    members: [...members.values()].map(({ row, checks }) => ({
      userId: row.userId,
      name: row.name,
      pseudonym: row.pseudonym,
      excluded: row.excluded,
      ...computeGoldAccuracy(checks, minAccuracy),
    })),
  };
}

/** Leaves an annotator's answers out of (or back in) the final labels, the dashboards and the overlap counts. */
export async function setMemberExcluded(pool: SqlPool, campaignId: number, userId: number, excluded: boolean): Promise<void> {
  await inTransaction(pool, async (client) => {
    if (!(await setMemberExclusion(client, campaignId, userId, excluded)))
      throw new AppError('NOT_FOUND', 'That user is not a member of this campaign.');
    // an excluded annotator gets no more pairs, and the pairs they answered reopen for the others
    await recountItemAnswers(client, campaignId);
    await refreshCampaignFinalLabels(client, campaignId);
  });
}

/**
 * How often `next` hands a gold pair out (one in every `goldEvery`; 0 = none). Campaigns start with
 * none, since no gold pair can be marked before the campaign exists; false for no such campaign.
 */
export async function setCampaignGoldEvery(db: Queryable, campaignId: number, goldEvery: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE "Campaign" SET "goldEvery" = $2, "updatedAt" = now() WHERE "id" = $1`, [
    campaignId,
    goldEvery,
  ]);
  return rowCount === 1;
}
