import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { findMembership } from '@/lib/db/campaigns/campaign-membership';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { WorkbenchLoader } from '@/components/annotation/workbench-loader';

export const metadata: Metadata = { title: 'Annotate' };

type Params = { params: Promise<{ campaign: string }> };

/**
 * The workbench of one campaign (by id or slug), for its annotators only: anyone else gets the 404
 * page, as for a campaign that does not exist. Everything after this check goes through /api/v1.
 */
export default async function WorkbenchPage({ params }: Params) {
  const user = await requireArea('annotate');
  const ref = decodeURIComponent((await params).campaign);
  const campaign = await findMembership(database(), parseCampaignRef(ref), user.id);
  if (!campaign) notFound();
  return <WorkbenchLoader campaignId={campaign.id} userId={user.id} />;
}
