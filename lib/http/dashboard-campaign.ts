/** The campaign a dashboard route names (id or slug), or a 404. */
import { AppError } from '@/lib/errors/app-error';
import { findDashboardCampaign, type DashboardCampaign } from '@/lib/db/campaign-agreement';
import { getSqlPool } from '@/lib/db/sql-pool';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export async function requireDashboardCampaign(id: string): Promise<DashboardCampaign> {
  const campaign = await findDashboardCampaign(getSqlPool(), parseCampaignRef(id));
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return campaign;
}
