/**
 * What researchers do with a campaign after creating it: read its settings, change its status,
 * add and remove annotators. Removing an annotator releases their live hold in the same
 * transaction (the slot goes back to the pool; answers already given stay). Status changes are
 * compare-and-set on the current status, so two researchers clicking at once cannot skip a step.
 */
import { AppError } from '@/lib/errors/app-error';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import { canChangeStatus, type CampaignStatusName } from '@/lib/annotation/campaign-status';
import type { Db } from '../client';
import type { CorpusTier } from '../generated/enums';
import { ensurePseudonyms } from './campaign-create';

export interface CampaignDetail {
  id: number;
  name: string;
  slug: string;
  status: CampaignStatusName;
  guidelines: string;
  questions: Question[];
  overlap: number;
  goldEvery: number;
  randomiseOrder: boolean;
  holdMinutes: number;
  /** how the items were drawn (lib/db/campaigns/sampling.ts): read with readSamplingRecord */
  sampling: unknown;
  createdAt: Date;
  createdBy: string | null;
  createdById: number | null;
  /** set while archived */
  archivedAt: Date | null;
  corpora: Array<{ slug: string; name: string; tier: CorpusTier }>;
}

export async function getCampaignDetail(db: Db, slug: string): Promise<CampaignDetail | null> {
  const c = await db.campaign.findUnique({
    where: { slug },
    select: {
      id: true,
      name: true,
      slug: true,
      status: true,
      guidelines: true,
      questions: true,
      overlap: true,
      goldEvery: true,
      randomiseOrder: true,
      holdMinutes: true,
      sampling: true,
      createdAt: true,
      createdById: true,
      archivedAt: true,
      createdBy: { select: { name: true } },
      corpora: { select: { corpus: { select: { slug: true, name: true, tier: true } } }, orderBy: { corpus: { name: 'asc' } } },
    },
  });
  if (!c) return null;
  return {
    ...c,
    questions: readStoredQuestions(c.questions),
    createdBy: c.createdBy?.name ?? null,
    corpora: c.corpora.map((x) => x.corpus),
  };
}

async function requireCampaign(db: Db, slug: string): Promise<{ id: number; status: CampaignStatusName; overlap: number }> {
  const campaign = await db.campaign.findUnique({ where: { slug }, select: { id: true, status: true, overlap: true } });
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return campaign;
}

export async function changeCampaignStatus(
  db: Db,
  slug: string,
  from: CampaignStatusName,
  to: CampaignStatusName,
): Promise<{ id: number }> {
  const campaign = await requireCampaign(db, slug);
  if (campaign.status !== from)
    throw new AppError(
      'CONFLICT',
      `The campaign is ${campaign.status.toLowerCase()} now (someone changed it meanwhile); reload the page.`,
    );
  if (!canChangeStatus(from, to))
    throw new AppError('CONFLICT', `A ${from.toLowerCase()} campaign cannot become ${to.toLowerCase()}.`);
  const { count } = await db.campaign.updateMany({ where: { id: campaign.id, status: from }, data: { status: to } });
  if (count === 0) throw new AppError('CONFLICT', 'The campaign’s status changed meanwhile; reload the page.');
  return { id: campaign.id };
}

export interface MemberCandidate {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** Active users who are not annotators of the campaign yet (any role may annotate). */
export function listMemberCandidates(db: Db, campaignId: number): Promise<MemberCandidate[]> {
  return db.user.findMany({
    where: { isActive: true, memberships: { none: { campaignId, role: 'ANNOTATOR' } } },
    select: { id: true, name: true, email: true, role: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

export async function addCampaignMember(db: Db, slug: string, userId: number): Promise<{ campaignId: number; email: string }> {
  const campaign = await requireCampaign(db, slug);
  if (campaign.status === 'CLOSED') throw new AppError('CONFLICT', 'The campaign is closed.');
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, isActive: true } });
  if (!user?.isActive) throw new AppError('NOT_FOUND', 'No active user with that id.');
  await ensurePseudonyms(db, [user.id]);
  await db.campaignMember.upsert({
    where: { campaignId_userId: { campaignId: campaign.id, userId } },
    create: { campaignId: campaign.id, userId, role: 'ANNOTATOR' },
    update: { role: 'ANNOTATOR' },
  });
  return { campaignId: campaign.id, email: user.email };
}

/** Removes the annotator and returns their live hold to the pool; their answers stay. */
export async function removeCampaignMember(
  db: Db,
  slug: string,
  userId: number,
): Promise<{ campaignId: number; releasedHolds: number }> {
  const campaign = await requireCampaign(db, slug);
  return db.$transaction(async (tx) => {
    const { count } = await tx.campaignMember.deleteMany({ where: { campaignId: campaign.id, userId } });
    if (count === 0) throw new AppError('NOT_FOUND', 'That user is not a member of this campaign.');
    const released = await tx.$queryRaw<Array<{ n: number }>>`
      WITH expired AS (
        UPDATE "Assignment" SET "status" = 'EXPIRED'
        WHERE "campaignId" = ${campaign.id} AND "userId" = ${userId} AND "status" = 'PENDING'
        RETURNING "pairId"),
      items AS (
        UPDATE "CampaignItem" i SET "holds" = i."holds" - 1, "isOpen" = (i."answers" + i."holds" - 1 < ${campaign.overlap})
        FROM expired e WHERE i."campaignId" = ${campaign.id} AND i."pairId" = e."pairId"
        RETURNING i."id")
      SELECT (SELECT count(*) FROM expired)::int AS n`;
    return { campaignId: campaign.id, releasedHolds: released[0]?.n ?? 0 };
  });
}

export function listCampaignMembers(
  db: Db,
  campaignId: number,
): Promise<Array<{ userId: number; name: string; email: string; pseudonym: string | null }>> {
  return db.$queryRaw`
    SELECT u."id" AS "userId", u."name", u."email", u."pseudonym"
    FROM "CampaignMember" m JOIN "User" u ON u."id" = m."userId"
    WHERE m."campaignId" = ${campaignId} AND m."role" = 'ANNOTATOR' ORDER BY u."name", u."id"`;
}
