/** Campaign reads for the shell: a member's campaigns with progress (the researchers' list is in campaign-progress.ts). */
import type { Db } from '../client';
import type { CampaignStatus } from '../generated/enums';

export interface CampaignProgress {
  id: number;
  name: string;
  slug: string;
  status: CampaignStatus;
  assigned: number;
  submitted: number;
}

export function listCampaignsForMember(db: Db, userId: number): Promise<CampaignProgress[]> {
  return db.$queryRaw<CampaignProgress[]>`
    SELECT c."id", c."name", c."slug", c."status",
           count(a."id")::int AS "assigned",
           count(a."id") FILTER (WHERE a."status" = 'SUBMITTED')::int AS "submitted"
    FROM "CampaignMember" m
    JOIN "Campaign" c ON c."id" = m."campaignId"
    LEFT JOIN "Assignment" a ON a."campaignId" = c."id" AND a."userId" = m."userId"
    WHERE m."userId" = ${userId} AND c."status" IN ('ACTIVE', 'PAUSED') AND c."archivedAt" IS NULL
    GROUP BY c."id" ORDER BY c."name"`;
}
