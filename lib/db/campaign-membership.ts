/**
 * The first statement of every annotation transaction: find the campaign (by id or slug) and lock
 * the caller's membership row. The lock serialises one annotator's own requests (two tabs, a
 * retry racing the original), so "one live hold per annotator" and "a submissionId is stored once"
 * hold without in-process locks, across server processes; different annotators never wait for each
 * other here. Also the lazy release of expired holds, and the caller's progress counts.
 */
import { AppError } from '@/lib/errors/app-error';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import type { Queryable, SqlClient } from './sql-pool';

export interface MemberCampaign {
  id: number;
  status: 'DRAFT' | 'ACTIVE' | 'PAUSED' | 'CLOSED';
  overlap: number;
  holdMinutes: number;
  randomiseOrder: boolean;
  questions: Question[];
}

const campaignWhere = (ref: CampaignRef) => ('id' in ref ? 'c."id" = $1' : 'c."slug" = $1');

/**
 * The campaign if the caller is one of its annotators, else null. With `lock` (inside a
 * transaction) the membership row is locked FOR NO KEY UPDATE until the transaction ends.
 */
export async function findMembership(db: Queryable, ref: CampaignRef, userId: number, lock: boolean): Promise<MemberCampaign | null> {
  const { rows } = await db.query<Omit<MemberCampaign, 'questions'> & { questions: unknown }>(
    `SELECT c."id", c."status", c."overlap", c."holdMinutes", c."randomiseOrder", c."questions"
     FROM "Campaign" c JOIN "CampaignMember" m ON m."campaignId" = c."id" AND m."userId" = $2
     WHERE ${campaignWhere(ref)} AND m."role" = 'ANNOTATOR'
     ${lock ? 'FOR NO KEY UPDATE OF m' : ''}`,
    ['id' in ref ? ref.id : ref.slug, userId],
  );
  const row = rows[0];
  return row ? { ...row, questions: readStoredQuestions(row.questions) } : null;
}

export async function requireMembership(db: Queryable, ref: CampaignRef, userId: number, lock = true): Promise<MemberCampaign> {
  const campaign = await findMembership(db, ref, userId, lock);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign, or you are not one of its annotators.');
  return campaign;
}

export function requireActive(campaign: MemberCampaign): void {
  if (campaign.status !== 'ACTIVE') throw new AppError('CONFLICT', `The campaign is not active (it is ${campaign.status.toLowerCase()}).`);
}

/** Holds released per call at most (a backlog is worked off over the next calls). */
const RELEASE_BATCH = 500;

/**
 * Returns the slots of expired holds to the pool: PENDING → EXPIRED, holds − 1, the item reopened.
 * One transaction per campaign does it at a time (a try-lock; the others go on without waiting),
 * and rows other transactions hold are skipped, so releasing never deadlocks with claims or
 * submits. The caller's own hold is left alone: `next` hands it back to them with a new expiry.
 */
export async function releaseExpiredHolds(client: SqlClient, campaign: MemberCampaign, userId: number): Promise<number> {
  const { rows } = await client.query<{ released: number }>(
    `WITH gate AS (SELECT pg_try_advisory_xact_lock(7302, $1) AS ok),
     expired AS (
       UPDATE "Assignment" a SET "status" = 'EXPIRED'
       FROM (SELECT x."id" FROM "Assignment" x, gate
             WHERE gate.ok AND x."campaignId" = $1 AND x."status" = 'PENDING' AND x."expiresAt" < now() AND x."userId" <> $2
             ORDER BY x."id" LIMIT ${RELEASE_BATCH} FOR UPDATE OF x SKIP LOCKED) e
       WHERE a."id" = e."id"
       RETURNING a."pairId"),
     freed AS (SELECT "pairId", count(*)::int AS n FROM expired GROUP BY "pairId"),
     items AS (
       UPDATE "CampaignItem" i SET "holds" = i."holds" - f.n, "isOpen" = (i."answers" + i."holds" - f.n < $3)
       FROM freed f WHERE i."campaignId" = $1 AND i."pairId" = f."pairId"
       RETURNING i."id")
     SELECT (SELECT count(*) FROM expired)::int AS released`,
    [campaign.id, userId, campaign.overlap],
  );
  return rows[0]?.released ?? 0;
}

/** "remaining" counts at most this many open pairs (the count stays cheap on a million items). */
export const REMAINING_CAP = 1000;

export interface Progress {
  done: number;
  /** the caller's live hold (0 or 1) plus the open, non-gold pairs the caller never had (counted up to REMAINING_CAP) */
  remaining: number;
}

export async function countProgress(db: Queryable, campaignId: number, userId: number): Promise<Progress> {
  const { rows } = await db.query<Progress>(
    `SELECT count(*) FILTER (WHERE a."status" = 'SUBMITTED')::int AS done,
            count(*) FILTER (WHERE a."status" = 'PENDING')::int + (SELECT count(*) FROM (
               SELECT 1 FROM "CampaignItem" i
               WHERE i."campaignId" = $1 AND i."isOpen" AND NOT i."isGold"
                 AND NOT EXISTS (SELECT 1 FROM "Assignment" x WHERE x."campaignId" = $1 AND x."pairId" = i."pairId" AND x."userId" = $2)
               LIMIT ${REMAINING_CAP}) s)::int AS remaining
     FROM "Assignment" a WHERE a."userId" = $2 AND a."campaignId" = $1 AND a."status" IN ('SUBMITTED', 'PENDING')`,
    [campaignId, userId],
  );
  return rows[0]!;
}
