/** Shared by the campaign dashboard pages: the campaign from the URL (or 404) after the area check. */
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { findDashboardCampaign, type DashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export type CampaignParams = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function loadCampaignPage(params: CampaignParams['params']): Promise<DashboardCampaign> {
  await requireArea('dashboards');
  const campaign = await findDashboardCampaign(database(), parseCampaignRef(decodeURIComponent((await params).slug)));
  if (!campaign) notFound();
  return campaign;
}

/** The labelled question a page opens on: the first yes/no one, else the first that is not free text. */
export function defaultQuestion(campaign: DashboardCampaign): string | undefined {
  return (campaign.questions.find((q) => q.type === 'boolean') ?? campaign.questions.find((q) => q.type !== 'text'))?.key;
}
