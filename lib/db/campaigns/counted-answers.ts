/**
 * The counters that hand out pairs count only answers that count (MultiPIT's quality
 * gate): `CampaignItem.answers` is the number of answers by annotators not excluded from the
 * campaign, so a pair an excluded annotator answered reopens and still gets its overlap of counted
 * answers from the others. Excluded annotators' answers are kept (shown as excluded). Restoring an
 * annotator counts their answers again, which can give a pair more counted answers than the
 * overlap (it is then simply closed); hand-out never exceeds the overlap. Raw `pg` (the hot
 * annotation path's style): both run inside the caller's transaction.
 */
import type { Queryable } from '../sql-pool';

/** An answer counts towards its pair's overlap unless its annotator is excluded from the campaign (alias `n` = "Annotation"). */
export const countedAnswer = (n: string) =>
  `NOT EXISTS (SELECT 1 FROM "CampaignMember" xm WHERE xm."campaignId" = ${n}."campaignId" AND xm."userId" = ${n}."annotatorId" AND xm."excluded")`;

/**
 * Sets the answer counters (and `isOpen`) of the campaign's non-gold items from the answers stored,
 * counting only counted answers; `pairIds` null = every item. Returns the items whose counter changed.
 */
export async function recountItemAnswers(
  db: Queryable,
  campaignId: number,
  pairIds: readonly number[] | null = null,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE "CampaignItem" i SET "answers" = c.n, "isOpen" = (c.n + i."holds" < cp."overlap")
     FROM (SELECT i2."id", (SELECT count(*)::int FROM "Annotation" n WHERE n."campaignId" = i2."campaignId" AND n."pairId" = i2."pairId" AND ${countedAnswer('n')}) AS n
           FROM "CampaignItem" i2 WHERE i2."campaignId" = $1 AND NOT i2."isGold" AND ($2::int[] IS NULL OR i2."pairId" = ANY($2::int[]))) c,
          "Campaign" cp
     WHERE i."id" = c."id" AND cp."id" = $1 AND (i."answers" <> c.n OR i."isOpen" <> (c.n + i."holds" < cp."overlap"))`,
    [campaignId, pairIds],
  );
  return rowCount ?? 0;
}

/**
 * Excludes an annotator from the campaign (or includes them again): an excluded one's live holds
 * are given back at once. The caller then recounts (`recountItemAnswers`) and refreshes the final
 * labels, once for however many members it changed. False when the user is not a member.
 */
export async function setMemberExclusion(db: Queryable, campaignId: number, userId: number, excluded: boolean): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE "CampaignMember" SET "excluded" = $3 WHERE "campaignId" = $1 AND "userId" = $2`, [
    campaignId,
    userId,
    excluded,
  ]);
  if (!rowCount) return false;
  if (excluded) await releaseMemberHolds(db, campaignId, userId);
  return true;
}

/** Gives back every live hold of one annotator in the campaign (an excluded annotator gets no more pairs). */
export async function releaseMemberHolds(db: Queryable, campaignId: number, userId: number): Promise<number> {
  const { rowCount } = await db.query(
    `WITH released AS (
       UPDATE "Assignment" a SET "status" = 'EXPIRED', "expiresAt" = NULL
       WHERE a."campaignId" = $1 AND a."userId" = $2 AND a."status" = 'PENDING'
       RETURNING a."pairId")
     UPDATE "CampaignItem" i SET "holds" = GREATEST(i."holds" - 1, 0)
     FROM released r WHERE i."campaignId" = $1 AND i."pairId" = r."pairId" AND NOT i."isGold"`,
    [campaignId, userId],
  );
  return rowCount ?? 0;
}
