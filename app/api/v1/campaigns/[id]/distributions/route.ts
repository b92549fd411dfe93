/**
 * GET /api/v1/campaigns/{id}/distributions: every measure's distribution split by a question's
 * final label (researchers, admins).
 */
import { getCampaignDistributionsContract } from '@/lib/api/contracts/distributions';
import { apiRoute } from '@/lib/http/api-route';
import { requireDashboardCampaign } from '@/lib/services/dashboards/load-campaign-dashboard';
import { campaignDistributions } from '@/lib/services/dashboards/compute-distributions';

export const GET = apiRoute(getCampaignDistributionsContract, async ({ params, query }) => {
  const campaign = await requireDashboardCampaign(params.id);
  return { status: 200, body: await campaignDistributions(campaign, query.question, query.measures) };
});
