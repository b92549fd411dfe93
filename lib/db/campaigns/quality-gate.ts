/**
 * MultiPIT's quality gate in the database (lib/annotation/quality-gate.ts decides): each
 * annotator's Cohen's κ against the majority of the other counted annotators, counted in SQL (the
 * own × majority table per annotator), beside gold accuracy; and the automatic exclusion, run after
 * a submission for the annotators of that pair (so an annotator who finished early is judged as
 * the others' answers arrive) and when the settings change. Excluding releases the annotator's
 * holds, reopens the pairs they answered (lib/db/campaigns/counted-answers.ts) and recomputes the final
 * labels, in one transaction; it is audited. Raw `pg`, as the annotation path.
 */
import { gateIsOn, gateQuestionOf, gateReasons, kappaAgainstMajority, type MajorityCell } from '@/lib/annotation/quality-gate';
import { readStoredQuestions } from '@/lib/annotation/questions';
import { readQualitySettings } from '@/lib/annotation/quality-settings';
import { countedAnswer, recountItemAnswers, setMemberExclusion } from './counted-answers';
import { refreshFinalLabels } from '../annotations/final-labels';
import { readGoldAccuracy } from './gold';
import { inTransaction, type Queryable, type SqlPool } from '../sql-pool';

/**
 * Per annotator ($3 null = all) and question $2 of campaign $1: how often they answered `own`
 * where the other counted annotators' strict plurality was `majority` (non-gold pairs; a pair
 * whose other answers tie is left out). Answers as text (`true`, `2`, `forward`).
 */
const MAJORITY_CELLS_SQL = `
  WITH a AS (
    SELECT n."pairId", n."annotatorId" AS u, n."answers" ->> $2 AS v,
           ${countedAnswer('n')} AS counted
    FROM "Annotation" n JOIN "CampaignItem" i ON i."campaignId" = n."campaignId" AND i."pairId" = n."pairId" AND NOT i."isGold"
    WHERE n."campaignId" = $1 AND n."answers" ->> $2 IS NOT NULL AND n."answers" ->> $2 <> ''),
  votes AS (SELECT "pairId", v, count(*)::int AS k FROM a WHERE counted GROUP BY "pairId", v),
  others AS (
    SELECT a.u, a."pairId", a.v AS own, c.v AS val, c.k - (a.counted AND c.v = a.v)::int AS k
    FROM a JOIN votes c ON c."pairId" = a."pairId"
    WHERE $3::int[] IS NULL OR a.u = ANY($3::int[])),
  ranked AS (
    SELECT u, "pairId", own, val, k, max(k) OVER w AS top, count(*) FILTER (WHERE k > 0) OVER (PARTITION BY u, "pairId", k) AS ties
    FROM others WINDOW w AS (PARTITION BY u, "pairId"))
  SELECT u AS "userId", own, val AS majority, count(*)::int AS n
  FROM ranked WHERE k = top AND k > 0 AND ties = 1
  GROUP BY u, own, val`;

export interface MemberMajorityKappa {
  userId: number;
  question: string;
  /** pairs with an undivided majority of the others */
  shared: number;
  kappa: number | null;
  /** why κ is undefined, when it is */
  reason: string | null;
}

/** κ against the others' majority for each annotator with a shared pair (the gate's question). */
export async function readMajorityKappa(db: Queryable, campaignId: number): Promise<MemberMajorityKappa[]> {
  const { rows: campaigns } = await db.query<{ questions: unknown; settings: unknown }>(
    `SELECT "questions", "qualitySettings" AS settings FROM "Campaign" WHERE "id" = $1`,
    [campaignId],
  );
  if (!campaigns[0]) return [];
  const question = gateQuestionOf(readStoredQuestions(campaigns[0].questions), readQualitySettings(campaigns[0].settings));
  return question ? majorityKappaOn(db, campaignId, question.key, null) : [];
}

/** The same on one question, for these annotators (null = all). */
async function majorityKappaOn(
  db: Queryable,
  campaignId: number,
  questionKey: string,
  userIds: readonly number[] | null,
): Promise<MemberMajorityKappa[]> {
  const { rows } = await db.query<MajorityCell & { userId: number }>(MAJORITY_CELLS_SQL, [campaignId, questionKey, userIds]);
  const byUser = new Map<number, MajorityCell[]>();
  for (const row of rows) {
    const cells = byUser.get(row.userId);
    if (cells) cells.push(row);
    else byUser.set(row.userId, [row]);
  }
  return [...byUser].map(([userId, cells]) => {
    const { kappa, shared } = kappaAgainstMajority(cells);
    return { userId, question: questionKey, shared, kappa: kappa.value, reason: kappa.value === null ? kappa.reason : null };
  });
}

export interface GateExclusion {
  userId: number;
  reasons: string[];
}

/**
 * Runs the campaign's quality gate for these annotators (null = every annotator) and excludes the
 * ones it fails, in one transaction. Nothing happens when the gate is off. Returns who was excluded.
 */
export async function applyQualityGate(
  pool: SqlPool,
  campaignId: number,
  userIds: readonly number[] | null = null,
): Promise<GateExclusion[]> {
  return inTransaction(pool, async (client) => {
    const { rows: campaigns } = await client.query<{ questions: unknown; settings: unknown }>(
      `SELECT "questions", "qualitySettings" AS settings FROM "Campaign" WHERE "id" = $1 FOR NO KEY UPDATE`,
      [campaignId],
    );
    if (!campaigns[0]) return [];
    const settings = readQualitySettings(campaigns[0].settings);
    if (!gateIsOn(settings)) return [];
    const { rows: members } = await client.query<{ userId: number; judgements: number }>(
      `SELECT m."userId", (SELECT count(*)::int FROM "Annotation" n WHERE n."campaignId" = $1 AND n."annotatorId" = m."userId") AS judgements
       FROM "CampaignMember" m WHERE m."campaignId" = $1 AND m."role" = 'ANNOTATOR' AND NOT m."excluded" AND ($2::int[] IS NULL OR m."userId" = ANY($2::int[]))
       ORDER BY m."userId" FOR NO KEY UPDATE OF m`,
      [campaignId, userIds],
    );
    const judged = members.filter((m) => m.judgements >= settings.gateMinJudgements);
    if (judged.length === 0) return [];
    const question = gateQuestionOf(readStoredQuestions(campaigns[0].questions), settings);
    const kappas = question
      ? await majorityKappaOn(
          client,
          campaignId,
          question.key,
          judged.map((m) => m.userId),
        )
      : [];
    const gold = settings.gateMinGoldAccuracy === null ? null : await readGoldAccuracy(client, campaignId);
    const excluded: GateExclusion[] = [];
    for (const member of judged) {
      const standing = kappas.find((k) => k.userId === member.userId);
      const goldAccuracy = gold?.members.find((g) => g.userId === member.userId)?.accuracy ?? null;
      const reasons = gateReasons(settings, {
        judgements: member.judgements,
        shared: standing?.shared ?? 0,
        kappa: standing?.kappa ?? null,
        goldAccuracy,
      });
      if (reasons.length > 0) excluded.push({ userId: member.userId, reasons });
    }
    if (excluded.length === 0) return [];
    for (const { userId, reasons } of excluded) {
      await setMemberExclusion(client, campaignId, userId, true);
      await client.query(
        `INSERT INTO "AuditLog" ("actorId", "action", "targetType", "targetId", "details") VALUES (NULL, 'campaign.member-excluded-by-gate', 'campaign', $1, $2::jsonb)`,
        [String(campaignId), JSON.stringify({ userId, reasons })],
      );
    }
    await recountItemAnswers(client, campaignId);
    await refreshFinalLabels(client, campaignId, readStoredQuestions(campaigns[0].questions));
    return excluded;
  });
}
