/**
 * The first statement of every annotation transaction: find the campaign (by id or slug) and lock
 * the caller's membership row. The lock serialises one annotator's own requests (two tabs, a
 * retry racing the original), so "one live hold per annotator" and "a submissionId is stored once"
 * hold without in-process locks, across server processes; different annotators never wait for each
 * other here. The same statement releases expired holds. Also the caller's progress counts.
 */
import { AppError } from '@/lib/errors/app-error';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import { readQualitySettings, type QualitySettings } from '@/lib/annotation/quality-settings';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { preparedStatement, type Queryable, type SqlClient } from '../sql-pool';

export interface MemberCampaign {
  id: number;
  status: 'DRAFT' | 'ACTIVE' | 'PAUSED' | 'CLOSED';
  overlap: number;
  holdMinutes: number;
  randomiseOrder: boolean;
  /** one gold pair in every N handed out (0 = none) */
  goldEvery: number;
  questions: Question[];
  qualitySettings: QualitySettings;
  /** the guidelines' and question wording's version now (lib/db/campaigns/campaign-wording.ts) */
  wordingVersion: number;
  /** archived: no new pairs are handed out; answers to pairs already held are accepted */
  archived: boolean;
  /** the caller is excluded from the campaign: no more pairs, answers kept but not counted */
  excluded: boolean;
}

const campaignWhere = (ref: CampaignRef) => ('id' in ref ? 'c."id" = $1' : 'c."slug" = $1');
const refValue = (ref: CampaignRef) => ('id' in ref ? ref.id : ref.slug);

type MemberRow = Omit<MemberCampaign, 'questions' | 'qualitySettings'> & { questions: unknown; qualitySettings: unknown };
const toCampaign = (row: MemberRow | undefined): MemberCampaign | null =>
  row
    ? { ...row, questions: readStoredQuestions(row.questions), qualitySettings: readQualitySettings(row.qualitySettings) }
    : null;

/** The campaign if the caller is one of its annotators, else null (no lock: for reads). */
export async function findMembership(db: Queryable, ref: CampaignRef, userId: number): Promise<MemberCampaign | null> {
  const { rows } = await db.query<MemberRow>(
    `SELECT c."id", c."status", c."overlap", c."holdMinutes", c."randomiseOrder", c."goldEvery", c."questions", c."qualitySettings", m."excluded",
            c."wordingVersion", c."archivedAt" IS NOT NULL AS "archived"
     FROM "Campaign" c JOIN "CampaignMember" m ON m."campaignId" = c."id" AND m."userId" = $2
     WHERE ${campaignWhere(ref)} AND m."role" = 'ANNOTATOR'`,
    [refValue(ref), userId],
  );
  return toCampaign(rows[0]);
}

/** Holds released per call at most (a backlog is worked off over the next calls). */
const RELEASE_BATCH = 500;

/**
 * The first statement of an annotation transaction, in one round trip: find the campaign, lock
 * the caller's membership row (FOR NO KEY UPDATE, until the transaction ends), then release the
 * campaign's expired holds: PENDING → EXPIRED, holds − 1, the item reopened. Releasing is done by
 * one transaction per campaign at a time (a try-lock; the others go on without waiting) and skips
 * rows other transactions hold, so it never waits for or deadlocks with claims and submits. The
 * caller's own hold is left alone: `next` hands it back to them with a new expiry.
 */
const lockAndReleaseSql = (where: string) => `
  WITH c AS (
    SELECT c."id", c."status", c."overlap", c."holdMinutes", c."randomiseOrder", c."goldEvery", c."questions", c."qualitySettings",
           c."wordingVersion", c."archivedAt" IS NOT NULL AS "archived" FROM "Campaign" c WHERE ${where}),
  m AS (
    SELECT m."userId", m."excluded" FROM "CampaignMember" m JOIN c ON m."campaignId" = c."id"
    WHERE m."userId" = $2 AND m."role" = 'ANNOTATOR'
    FOR NO KEY UPDATE OF m),
  gate AS (
    SELECT c."id", c."overlap" FROM c WHERE EXISTS (SELECT 1 FROM m) AND pg_try_advisory_xact_lock(7302, c."id")),
  expired AS (
    UPDATE "Assignment" a SET "status" = 'EXPIRED'
    FROM (SELECT x."id" FROM "Assignment" x JOIN gate g ON x."campaignId" = g."id"
          WHERE x."status" = 'PENDING' AND x."expiresAt" < now() AND x."userId" <> $2
          ORDER BY x."id" LIMIT ${RELEASE_BATCH} FOR UPDATE OF x SKIP LOCKED) e
    WHERE a."id" = e."id"
    RETURNING a."campaignId", a."pairId"),
  freed AS (SELECT "campaignId", "pairId", count(*)::int AS n FROM expired GROUP BY "campaignId", "pairId"),
  items AS (
    UPDATE "CampaignItem" i SET "holds" = i."holds" - f.n, "isOpen" = (i."answers" + i."holds" - f.n < g."overlap")
    FROM freed f JOIN gate g ON g."id" = f."campaignId"
    WHERE i."campaignId" = f."campaignId" AND i."pairId" = f."pairId" AND NOT i."isGold"
    RETURNING i."id")
  SELECT c.*, (SELECT m."excluded" FROM m) AS excluded, (SELECT count(*) FROM items)::int AS released FROM c WHERE EXISTS (SELECT 1 FROM m)`;

export const LOCK_AND_RELEASE = {
  byId: preparedStatement('lock-and-release-by-id', lockAndReleaseSql('c."id" = $1')),
  bySlug: preparedStatement('lock-and-release-by-slug', lockAndReleaseSql('c."slug" = $1')),
};

/** Locks the caller's membership and releases expired holds (see LOCK_AND_RELEASE); 404 for non-members. */
export async function lockMembership(client: SqlClient, ref: CampaignRef, userId: number): Promise<MemberCampaign> {
  const { rows } = await LOCK_AND_RELEASE['id' in ref ? 'byId' : 'bySlug']<MemberRow & { released: number }>(client, [
    refValue(ref),
    userId,
  ]);
  const campaign = toCampaign(rows[0]);
  if (!campaign) throw notMember();
  return campaign;
}

export async function requireMembership(db: Queryable, ref: CampaignRef, userId: number): Promise<MemberCampaign> {
  const campaign = await findMembership(db, ref, userId);
  if (!campaign) throw notMember();
  return campaign;
}

const notMember = () => new AppError('NOT_FOUND', 'No such campaign, or you are not one of its annotators.');

/** What an excluded annotator reads instead of a pair: polite, and true (their answers are kept). */
export const EXCLUDED_MESSAGE =
  'Thank you for your work on this campaign. The researchers have closed your part of it, so there are no more pairs for you here; the answers you gave are kept.';

export function requireActive(campaign: MemberCampaign): void {
  if (campaign.status !== 'ACTIVE')
    throw new AppError('CONFLICT', `The campaign is not active (it is ${campaign.status.toLowerCase()}).`);
}

/** What an annotator reads when the campaign was archived (by URL, since it left their list). */
export const ARCHIVED_MESSAGE =
  'This campaign is archived: no new pairs are handed out. An answer to a pair you already hold is still saved, and your answers are kept.';

/** "remaining" counts at most this many open pairs (the count stays cheap on a million items). */
export const REMAINING_CAP = 100;

/**
 * The open, non-gold items of campaign $1 that user $2 never had, in position order, at most
 * `limit`: for the claim (limit 1) and the capped counts. Written so the plan stays right as the
 * campaign fills up, whatever the statistics say: `"isOpen" >= TRUE` with ORDER BY ("isOpen",
 * "position") can only be served by the (campaignId, isOpen, position) index, which starts at the
 * first open item instead of walking the closed ones; the LATERAL ... LIMIT 1 probe checks the
 * caller's assignment per item through the unique (campaignId, pairId, userId) index instead of
 * reading all of the caller's assignments.
 */
export function openItemsNotHad(alias: string, columns: string, limit: number | string, extraCondition = 'TRUE'): string {
  return `SELECT ${columns} FROM "CampaignItem" ${alias}
    LEFT JOIN LATERAL (SELECT 1 AS had FROM "Assignment" h WHERE h."campaignId" = $1 AND h."pairId" = ${alias}."pairId" AND h."userId" = $2 LIMIT 1) h ON TRUE
    WHERE ${extraCondition} AND ${alias}."campaignId" = $1 AND ${alias}."isOpen" >= TRUE AND NOT ${alias}."isGold" AND h.had IS NULL
    ORDER BY ${alias}."isOpen", ${alias}."position" LIMIT ${limit}`;
}

/**
 * The gold pairs of campaign $1 that user $2 never had, in an order of their own per annotator
 * (md5 of user and pair), at most `limit`. Gold pairs are few: read through GoldAnswer's
 * (campaignId, pairId) index, probing the caller's assignment per pair as openItemsNotHad does.
 */
export function goldNotHad(alias: string, columns: string, limit: number | string, extraCondition = 'TRUE'): string {
  return `SELECT ${columns} FROM "GoldAnswer" ${alias}
    JOIN "CampaignItem" ${alias}i ON ${alias}i."campaignId" = $1 AND ${alias}i."pairId" = ${alias}."pairId" AND ${alias}i."isGold"
    WHERE ${extraCondition} AND ${alias}."campaignId" = $1
      AND NOT EXISTS (SELECT 1 FROM "Assignment" h WHERE h."campaignId" = $1 AND h."pairId" = ${alias}."pairId" AND h."userId" = $2)
    ORDER BY md5($2::text || ':' || ${alias}."pairId"::text) LIMIT ${limit}`;
}

/**
 * The caller's answered pairs ($2 in campaign $1), counted on the (userId, campaignId, status,
 * position) index: `+ 0` keeps the planner off the (campaignId, status, expiresAt) index, which
 * would walk every annotator's answers in the campaign.
 */
export function doneCount(alias: string): string {
  return `SELECT count(*) FROM "Assignment" ${alias} WHERE ${alias}."userId" = $2 AND ${alias}."campaignId" + 0 = $1 AND ${alias}."status" = 'SUBMITTED'`;
}

/** Every pair handed out to the caller so far (any status): the gold cadence counts them, on the same index as doneCount. */
export function handedOutCount(alias: string): string {
  return `SELECT count(*) FROM "Assignment" ${alias} WHERE ${alias}."userId" = $2 AND ${alias}."campaignId" + 0 = $1`;
}

export interface Progress {
  done: number;
  /** the caller's live hold (0 or 1) plus the open, non-gold pairs the caller never had (counted up to REMAINING_CAP) */
  remaining: number;
  /** the count reached REMAINING_CAP: at least that many are left */
  remainingCapped: boolean;
}

export async function countProgress(db: Queryable, campaignId: number, userId: number): Promise<Progress> {
  const { rows } = await db.query<Omit<Progress, 'remainingCapped'>>(
    `SELECT (${doneCount('a')})::int AS done,
            ((SELECT count(*) FROM "Assignment" a WHERE a."userId" = $2 AND a."campaignId" = $1 AND a."status" = 'PENDING')
             + (SELECT count(*) FROM (${openItemsNotHad('i', '1', REMAINING_CAP)}) s)
             + (SELECT count(*) FROM (${goldNotHad('g', '1', REMAINING_CAP, `(SELECT c."goldEvery" FROM "Campaign" c WHERE c."id" = $1) > 0`)}) s))::int AS remaining`,
    [campaignId, userId],
  );
  const { done, remaining } = rows[0]!;
  return { done, remaining, remainingCapped: remaining >= REMAINING_CAP };
}
