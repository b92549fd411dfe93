/**
 * GET /api/v1/campaigns/{id}/compare: the campaign's final labels against another campaign's or the
 * corpus's own, through a mapping of one side's labels when given (researchers, admins).
 */
import { getCampaignComparisonContract } from '@/lib/api/contracts/label-comparison';
import { apiRoute } from '@/lib/http/api-route';
import { requireDashboardCampaign } from '@/lib/services/dashboards/load-campaign-dashboard';
import { compareCampaignLabels } from '@/lib/services/dashboards/compare-label-sets';

export const GET = apiRoute(getCampaignComparisonContract, async ({ params, query }) => {
  const campaign = await requireDashboardCampaign(params.id);
  const { kappa, ...rest } = await compareCampaignLabels(campaign, query.question, query.with, query.map);
  return {
    status: 200,
    body: {
      question: query.question,
      with: query.with,
      ...rest,
      kappa: kappa.value,
      kappaCi95: kappa.ci95,
      ...(kappa.reason ? { kappaReason: kappa.reason } : {}),
    },
  };
});
