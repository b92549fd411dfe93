/**
 * Handing out pairs (`GET /api/v1/campaigns/{id}/next`) and giving them back (skip). One short
 * transaction per call, two statements: lock the caller's membership (releasing expired holds),
 * then one statement that returns the caller's live hold or claims the first open item in position
 * order that the caller never had, `FOR UPDATE SKIP LOCKED`, counting the hold on the item and the
 * caller's progress in the same statement. Every `goldEvery`-th pair handed out to a caller is a
 * gold pair they never had, if any is left, chosen in the same statement (no counters: gold never
 * counts towards the overlap); the answer looks the same either way. Invariant: answers + live
 * holds ≤ overlap for every item, always
 * (docs/decisions/005-assignment-locking.md explains why this holds across processes).
 */
import { AppError } from '@/lib/errors/app-error';
import type { Question } from '@/lib/annotation/questions';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import {
  ARCHIVED_MESSAGE,
  doneCount,
  EXCLUDED_MESSAGE,
  goldNotHad,
  handedOutCount,
  lockMembership,
  openItemsNotHad,
  requireActive,
  type MemberCampaign,
} from './campaign-membership';
import { inTransaction, preparedStatement, type SqlClient, type SqlPool } from '../sql-pool';

export interface NextPair {
  pairId: number;
  /** [first shown, second shown] */
  texts: [string, string];
  swapped: boolean;
  image: { key: string; url: string | null } | null;
  questions: Question[];
  done: number;
  /** pairs left for the caller, this one included (counts at most NEXT_REMAINING_CAP open pairs and gold pairs each) */
  remaining: number;
  /** `remaining` reached the count's cap: at least that many are left */
  remainingCapped: boolean;
  heldUntil: Date;
  wordingVersion: number;
}

interface HeldRow {
  pairId: number;
  swapped: boolean;
  heldUntil: Date;
  isNew: boolean;
  a: string;
  b: string;
  imageKey: string | null;
  imageUrl: string | null;
  done: number;
  /** open, non-gold pairs the caller never had, as the statement began, plus gold pairs alike (each up to NEXT_REMAINING_CAP) */
  open: number;
  /** either count went past NEXT_REMAINING_CAP (each is counted to one more) */
  openCapped: boolean;
}

/**
 * How far each `next` counts the caller's open pairs (and gold pairs) for its "to go": every pair
 * counted is an index probe of the caller's assignments, and at 100 they were two thirds of the
 * statement's work (bench:annotate, 1,000 annotators). The workbench shows "20+ to go" at the cap;
 * the /annotate page still counts to REMAINING_CAP.
 */
export const NEXT_REMAINING_CAP = 20;

/**
 * The caller's live hold (renewed if its time ran out but the slot was never released), or a new
 * one on the first open item the caller never had. The display order is md5(campaign:user:pair),
 * as lib/annotation/display-order.ts computes it; a pair of two equal texts is never swapped.
 */
export const HOLD_OR_CLAIM_SQL = `
  WITH held AS MATERIALIZED (
    SELECT a."id", a."pairId", a."swapped", a."expiresAt" FROM "Assignment" a
    WHERE a."userId" = $2 AND a."campaignId" = $1 AND a."status" = 'PENDING'
    ORDER BY a."id" LIMIT 1),
  renewed AS (
    UPDATE "Assignment" a SET "expiresAt" = now() + make_interval(mins => $3)
    FROM held h WHERE a."id" = h."id" AND h."expiresAt" < now()
    RETURNING a."id", a."expiresAt"),
  gold AS MATERIALIZED (
    ${goldNotHad(
      'g',
      'gi."pairId", gi."position"',
      '1',
      `$6::int > 0 AND NOT EXISTS (SELECT 1 FROM held)
      AND ($7::boolean OR ((${handedOutCount('x')}) + 1) % NULLIF($6::int, 0) = 0)`,
    )}),
  pick AS (
    ${openItemsNotHad('i', 'i."id"', '1', 'NOT $7::boolean AND NOT EXISTS (SELECT 1 FROM held) AND NOT EXISTS (SELECT 1 FROM gold)')}
    FOR UPDATE OF i SKIP LOCKED),
  item AS (
    UPDATE "CampaignItem" i SET "holds" = i."holds" + 1, "isOpen" = (i."answers" + i."holds" + 1 < $4)
    FROM pick WHERE i."id" = pick."id"
    RETURNING i."pairId", i."position"),
  claimed AS (
    INSERT INTO "Assignment" ("campaignId", "pairId", "userId", "position", "status", "swapped", "assignedAt", "expiresAt")
    SELECT $1, c."pairId", $2, c."position", 'PENDING',
           $5::boolean AND (get_byte(decode(md5($1::text || ':' || $2::text || ':' || c."pairId"::text), 'hex'), 15) & 1) = 1
             AND NOT EXISTS (SELECT 1 FROM "Pair" sp JOIN "Text" sa ON sa."id" = sp."textAId" JOIN "Text" sb ON sb."id" = sp."textBId"
                             WHERE sp."id" = c."pairId" AND sa."content" = sb."content"),
           now(), now() + make_interval(mins => $3)
    FROM (SELECT "pairId", "position" FROM item UNION ALL SELECT "pairId", "position" FROM gold) c
    RETURNING "pairId", "swapped", "expiresAt"),
  chosen AS (
    SELECT h."pairId", h."swapped", COALESCE(r."expiresAt", h."expiresAt") AS "heldUntil", FALSE AS "isNew" FROM held h LEFT JOIN renewed r ON r."id" = h."id"
    UNION ALL
    SELECT c."pairId", c."swapped", c."expiresAt", TRUE FROM claimed c)
  SELECT ch."pairId", ch."swapped", ch."heldUntil", ch."isNew", ta."content" AS a, tb."content" AS b, img."key" AS "imageKey", img."url" AS "imageUrl",
         (${doneCount('d')})::int AS done,
         least(oc.n, ${NEXT_REMAINING_CAP}) + least(gc.n, ${NEXT_REMAINING_CAP}) AS open,
         oc.n > ${NEXT_REMAINING_CAP} OR gc.n > ${NEXT_REMAINING_CAP} AS "openCapped"
  FROM chosen ch
  CROSS JOIN (SELECT count(*)::int AS n FROM (${openItemsNotHad('o', '1', NEXT_REMAINING_CAP + 1)}) s) oc
  CROSS JOIN (SELECT count(*)::int AS n FROM (${goldNotHad('r', '1', NEXT_REMAINING_CAP + 1, '$6::int > 0')}) s) gc
  JOIN "Pair" p ON p."id" = ch."pairId"
  JOIN "Text" ta ON ta."id" = p."textAId"
  JOIN "Text" tb ON tb."id" = p."textBId"
  LEFT JOIN "Image" img ON img."id" = p."imageId"`;
const holdOrClaimStatement = preparedStatement('hold-or-claim', HOLD_OR_CLAIM_SQL);

/**
 * When every open item the caller could get is locked by other transactions for a moment (claims,
 * submits and releases hold item rows for milliseconds), the claim is tried again after these
 * pauses before the answer is "nothing left" (204).
 */
const CLAIM_RETRY_DELAYS_MS = [2, 5, 10, 20, 50, 100, 200];

const countClaimable = preparedStatement('count-claimable', `SELECT count(*)::int AS n FROM (${openItemsNotHad('i', '1', 1)}) s`);

async function holdOrClaim(client: SqlClient, campaign: MemberCampaign, userId: number): Promise<HeldRow | null> {
  const claim = async (goldOnly: boolean) =>
    (
      await holdOrClaimStatement<HeldRow>(client, [
        campaign.id,
        userId,
        campaign.holdMinutes,
        campaign.overlap,
        campaign.randomiseOrder,
        campaign.goldEvery,
        goldOnly,
      ])
    ).rows[0] ?? null;
  for (let attempt = 0; ; attempt++) {
    const row = await claim(false);
    if (row) return row;
    const delay = CLAIM_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return null;
    const { rows: open } = await countClaimable<{ n: number }>(client, [campaign.id, userId]);
    // No ordinary pair left for the caller: the gold pairs they have not had yet come last.
    if (open[0]?.n === 0) return campaign.goldEvery > 0 ? claim(true) : null;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

export type NextResult = { kind: 'pair'; pair: NextPair } | { kind: 'none' };

export async function getNextPair(pool: SqlPool, ref: CampaignRef, userId: number): Promise<NextResult> {
  // A hold is not an answer: its COMMIT need not wait for the disk (docs/decisions/007). Should
  // PostgreSQL itself crash, the holds of its last moment vanish and those pairs are handed out again.
  return inTransaction(
    pool,
    async (client) => {
      const campaign = await lockMembership(client, ref, userId);
      requireActive(campaign);
      if (campaign.excluded) throw new AppError('CONFLICT', EXCLUDED_MESSAGE);
      if (campaign.archived) throw new AppError('CONFLICT', ARCHIVED_MESSAGE);
      const held = await holdOrClaim(client, campaign, userId);
      if (!held) return { kind: 'none' };
      const swapped = held.swapped;
      return {
        kind: 'pair',
        pair: {
          pairId: held.pairId,
          texts: swapped ? [held.b, held.a] : [held.a, held.b],
          swapped,
          image: held.imageKey === null ? null : { key: held.imageKey, url: held.imageUrl },
          questions: campaign.questions,
          done: held.done,
          // counted before the claim: a new pair is among the open ones, a held one is not; a count
          // that reached its cap says "at least the cap" whichever pair is served, so it stays put
          remaining: held.openCapped ? NEXT_REMAINING_CAP : held.isNew ? held.open : held.open + 1,
          remainingCapped: held.openCapped,
          heldUntil: held.heldUntil,
          wordingVersion: campaign.wordingVersion,
        },
      };
    },
    { durable: false },
  );
}

/**
 * Gives the caller's hold on a pair back without answering: the slot returns to the pool and the
 * pair is not offered to the caller again (an answer can still come late while a slot is free).
 */
export async function skipPair(pool: SqlPool, ref: CampaignRef, userId: number, pairId: number): Promise<void> {
  await inTransaction(pool, async (client) => {
    const campaign = await lockMembership(client, ref, userId);
    requireActive(campaign);
    const { rows } = await client.query<{ status: string }>(
      `SELECT "status" FROM "Assignment" WHERE "campaignId" = $1 AND "pairId" = $2 AND "userId" = $3 FOR UPDATE`,
      [campaign.id, pairId, userId],
    );
    const status = rows[0]?.status;
    if (status === undefined) throw new AppError('NOT_FOUND', 'This pair is not assigned to you in this campaign.');
    if (status === 'SUBMITTED')
      throw new AppError('CONFLICT', 'You already answered this pair; edit the answer instead of skipping it.');
    if (status !== 'PENDING') return; // skipped or expired already: nothing held
    await client.query(
      `WITH a AS (UPDATE "Assignment" SET "status" = 'SKIPPED', "completedAt" = now() WHERE "campaignId" = $1 AND "pairId" = $2 AND "userId" = $3)
       UPDATE "CampaignItem" SET "holds" = "holds" - 1, "isOpen" = ("answers" + "holds" - 1 < $4) WHERE "campaignId" = $1 AND "pairId" = $2 AND NOT "isGold"`,
      [campaign.id, pairId, userId, campaign.overlap],
    );
  });
}
