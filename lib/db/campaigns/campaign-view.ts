/**
 * A campaign as the API shows it (`GET /api/v1/campaigns/{id}`): researchers and admins see every
 * campaign, annotators only those they annotate in (otherwise it does not exist for them).
 */
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import type { RoleName } from '@/lib/access/roles';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { countProgress, type Progress } from './campaign-membership';
import type { Queryable } from '../sql-pool';

export interface CampaignView {
  id: number;
  slug: string;
  name: string;
  status: 'DRAFT' | 'ACTIVE' | 'PAUSED' | 'CLOSED';
  questions: Question[];
  guidelines: string;
  overlap: number;
  wordingVersion: number;
  archived: boolean;
  /** the caller's own progress (zero for callers who are not annotators of the campaign) */
  progress: Progress;
}

export async function getCampaignForCaller(
  db: Queryable,
  ref: CampaignRef,
  user: { id: number; role: RoleName },
): Promise<CampaignView | null> {
  const { rows } = await db.query<Omit<CampaignView, 'progress' | 'questions'> & { questions: unknown; isMember: boolean }>(
    `SELECT c."id", c."slug", c."name", c."status", c."questions", c."guidelines", c."overlap", c."wordingVersion", c."archivedAt" IS NOT NULL AS "archived",
            EXISTS (SELECT 1 FROM "CampaignMember" m WHERE m."campaignId" = c."id" AND m."userId" = $2 AND m."role" = 'ANNOTATOR') AS "isMember"
     FROM "Campaign" c WHERE ${'id' in ref ? 'c."id" = $1' : 'c."slug" = $1'}`,
    ['id' in ref ? ref.id : ref.slug, user.id],
  );
  const row = rows[0];
  if (!row || (!row.isMember && user.role === 'ANNOTATOR')) return null;
  const { isMember, questions, ...campaign } = row;
  const progress = isMember ? await countProgress(db, campaign.id, user.id) : { done: 0, remaining: 0, remainingCapped: false };
  return { ...campaign, questions: readStoredQuestions(questions), progress };
}
