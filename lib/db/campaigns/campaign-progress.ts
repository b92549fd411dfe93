/**
 * Campaign progress for researchers, counted in SQL (docs/campaigns.md, "Progress"):
 * - per campaign: non-gold items, answers given on them (at most `overlap` per item), complete
 *   items, the median active time per pair, annotators and those active recently;
 * - per annotator: done (their answers), remaining (the open non-gold items they never had, plus a
 *   live hold: what `next` could still give them now), median active time, last activity;
 * - answers per day (cumulative) and per sampling stratum.
 * Item counters (answers, holds, isOpen) are kept by the assignment code, so nothing here scans
 * annotations per item. Gold items (quality control) are left out of completion.
 */
import type { Db } from '../client';
import type { CampaignStatus } from '../generated/enums';
import { ACTIVE_WINDOW_DAYS } from '@/lib/annotation/campaign-estimate';

export interface CampaignListProgress {
  id: number;
  name: string;
  slug: string;
  status: CampaignStatus;
  createdAt: Date;
  corpora: string[];
  members: number;
  items: number;
  overlap: number;
  answers: number;
  targetAnswers: number;
  archivedAt: Date | null;
}

/** Archived campaigns are left out unless asked for. */
export function listCampaignProgress(db: Db, options: { includeArchived?: boolean } = {}): Promise<CampaignListProgress[]> {
  const includeArchived = options.includeArchived ?? false;
  return db.$queryRaw<CampaignListProgress[]>`
    SELECT c."id", c."name", c."slug", c."status", c."createdAt", c."overlap", c."archivedAt",
           COALESCE((SELECT array_agg(k."name" ORDER BY k."name") FROM "CampaignCorpus" cc JOIN "Corpus" k ON k."id" = cc."corpusId" WHERE cc."campaignId" = c."id"), '{}') AS "corpora",
           (SELECT count(*) FROM "CampaignMember" m WHERE m."campaignId" = c."id" AND m."role" = 'ANNOTATOR')::int AS "members",
           COALESCE(i."items", 0)::int AS "items",
           COALESCE(i."answers", 0)::int AS "answers",
           (COALESCE(i."items", 0) * c."overlap")::int AS "targetAnswers"
    FROM "Campaign" c
    LEFT JOIN LATERAL (
      SELECT count(*) AS "items", sum(LEAST(x."answers", c."overlap")) AS "answers"
      FROM "CampaignItem" x WHERE x."campaignId" = c."id" AND NOT x."isGold") i ON TRUE
    WHERE ${includeArchived} OR c."archivedAt" IS NULL
    ORDER BY c."createdAt" DESC, c."id" DESC`;
}

export interface CampaignTotals {
  items: number;
  goldItems: number;
  answers: number;
  targetAnswers: number;
  completeItems: number;
  /** median active time per pair, over all answers with a duration */
  medianMs: number | null;
  annotators: number;
  activeAnnotators: number;
  liveHolds: number;
}

export async function getCampaignTotals(db: Db, campaignId: number, now: Date = new Date()): Promise<CampaignTotals> {
  const since = new Date(now.getTime() - ACTIVE_WINDOW_DAYS * 86_400_000);
  const rows = await db.$queryRaw<CampaignTotals[]>`
    WITH c AS (SELECT "overlap" FROM "Campaign" WHERE "id" = ${campaignId}),
    items AS (
      SELECT count(*) FILTER (WHERE NOT i."isGold")::int AS "items",
             count(*) FILTER (WHERE i."isGold")::int AS "goldItems",
             COALESCE(sum(LEAST(i."answers", c."overlap")) FILTER (WHERE NOT i."isGold"), 0)::int AS "answers",
             (count(*) FILTER (WHERE NOT i."isGold") * min(c."overlap"))::int AS "targetAnswers",
             count(*) FILTER (WHERE NOT i."isGold" AND i."answers" >= c."overlap")::int AS "completeItems"
      FROM "CampaignItem" i CROSS JOIN c WHERE i."campaignId" = ${campaignId}),
    ann AS (
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a."durationMs") AS "medianMs",
             count(DISTINCT a."annotatorId") FILTER (WHERE a."updatedAt" >= ${since})::int AS "activeAnnotators"
      FROM "Annotation" a WHERE a."campaignId" = ${campaignId})
    SELECT items.*, ann.*,
           (SELECT count(*) FROM "CampaignMember" m WHERE m."campaignId" = ${campaignId} AND m."role" = 'ANNOTATOR')::int AS "annotators",
           (SELECT count(*) FROM "Assignment" x WHERE x."campaignId" = ${campaignId} AND x."status" = 'PENDING' AND x."expiresAt" > ${now})::int AS "liveHolds"
    FROM items, ann`;
  const row = rows[0]!;
  return { ...row, medianMs: row.medianMs === null ? null : Number(row.medianMs) };
}

export interface AnnotatorProgress {
  userId: number;
  name: string;
  email: string;
  pseudonym: string | null;
  isMember: boolean;
  done: number;
  /** open non-gold items never given to them, plus their live hold */
  remaining: number;
  medianMs: number | null;
  lastActiveAt: Date | null;
}

export async function listAnnotatorProgress(db: Db, campaignId: number, now: Date = new Date()): Promise<AnnotatorProgress[]> {
  const rows = await db.$queryRaw<AnnotatorProgress[]>`
    WITH open AS (SELECT count(*)::int AS n FROM "CampaignItem" WHERE "campaignId" = ${campaignId} AND "isOpen" AND NOT "isGold"),
    ann AS (
      SELECT a."annotatorId" AS "userId", count(*)::int AS "done",
             percentile_cont(0.5) WITHIN GROUP (ORDER BY a."durationMs") AS "medianMs", max(a."updatedAt") AS "lastActiveAt"
      FROM "Annotation" a WHERE a."campaignId" = ${campaignId} GROUP BY 1),
    held AS (
      SELECT x."userId", count(*)::int AS n FROM "Assignment" x
      WHERE x."campaignId" = ${campaignId} AND x."status" = 'PENDING' AND x."expiresAt" > ${now} GROUP BY 1),
    had AS (
      SELECT x."userId", count(*)::int AS n FROM "Assignment" x
      JOIN "CampaignItem" i ON i."campaignId" = x."campaignId" AND i."pairId" = x."pairId"
      WHERE x."campaignId" = ${campaignId} AND i."isOpen" AND NOT i."isGold" GROUP BY 1),
    people AS (
      SELECT m."userId", TRUE AS "isMember" FROM "CampaignMember" m WHERE m."campaignId" = ${campaignId} AND m."role" = 'ANNOTATOR'
      UNION SELECT ann."userId", FALSE FROM ann
        WHERE NOT EXISTS (SELECT 1 FROM "CampaignMember" m WHERE m."campaignId" = ${campaignId} AND m."userId" = ann."userId" AND m."role" = 'ANNOTATOR'))
    SELECT u."id" AS "userId", u."name", u."email", u."pseudonym", p."isMember",
           COALESCE(ann."done", 0) AS "done",
           CASE WHEN p."isMember" THEN open.n - COALESCE(had.n, 0) + COALESCE(held.n, 0) ELSE 0 END AS "remaining",
           ann."medianMs", ann."lastActiveAt"
    FROM people p JOIN "User" u ON u."id" = p."userId" CROSS JOIN open
    LEFT JOIN ann ON ann."userId" = p."userId" LEFT JOIN held ON held."userId" = p."userId" LEFT JOIN had ON had."userId" = p."userId"
    ORDER BY p."isMember" DESC, u."name", u."id"`;
  return rows.map((r) => ({
    ...r,
    remaining: Math.max(0, r.remaining),
    medianMs: r.medianMs === null ? null : Number(r.medianMs),
  }));
}

export interface DailyAnswers {
  day: string;
  answers: number;
  cumulative: number;
}

/** Answers on non-gold items by the day they were first given (UTC), with the running total. */
export function listDailyAnswers(db: Db, campaignId: number): Promise<DailyAnswers[]> {
  return db.$queryRaw<DailyAnswers[]>`
    SELECT to_char(d."day", 'YYYY-MM-DD') AS "day", d."answers", (sum(d."answers") OVER (ORDER BY d."day"))::int AS "cumulative"
    FROM (
      SELECT date_trunc('day', a."createdAt") AS "day", count(*)::int AS "answers"
      FROM "Annotation" a JOIN "CampaignItem" i ON i."campaignId" = a."campaignId" AND i."pairId" = a."pairId"
      WHERE a."campaignId" = ${campaignId} AND NOT i."isGold" GROUP BY 1) d
    ORDER BY d."day"`;
}

export interface StratumProgress {
  stratum: string | null;
  items: number;
  completeItems: number;
  answers: number;
}

/** Non-gold items per sampling stratum ("delta:2", "cell:3,4"; null when not stratified), in natural order. */
export async function listStratumProgress(db: Db, campaignId: number): Promise<StratumProgress[]> {
  const rows = await db.$queryRaw<StratumProgress[]>`
    SELECT i."stratum", count(*)::int AS "items",
           count(*) FILTER (WHERE i."answers" >= c."overlap")::int AS "completeItems",
           sum(LEAST(i."answers", c."overlap"))::int AS "answers"
    FROM "CampaignItem" i JOIN "Campaign" c ON c."id" = i."campaignId"
    WHERE i."campaignId" = ${campaignId} AND NOT i."isGold"
    GROUP BY i."stratum"`;
  return rows.sort((a, b) => (a.stratum ?? '').localeCompare(b.stratum ?? '', 'en', { numeric: true }));
}
