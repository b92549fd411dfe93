/** GET /api/v1/campaigns/{id}/agreement: agreement per question with seeded bootstrap intervals (computed on a worker thread). */
import { getCampaignAgreementContract } from '@/lib/api/contracts/dashboards';
import { apiRoute } from '@/lib/http/api-route';
import { campaignAgreement, requireDashboardCampaign } from '@/lib/services/dashboards/load-campaign-dashboard';

export const GET = apiRoute(getCampaignAgreementContract, async ({ params, query }) => {
  const campaign = await requireDashboardCampaign(params.id);
  const bootstrap = query.bootstrap > 0 ? { resamples: query.bootstrap, seed: query.seed } : undefined;
  return {
    status: 200,
    body: {
      questions: await campaignAgreement(campaign, { bootstrap, minSharedPairs: query.minShared, mergedRelations: query.merged }),
    },
  };
});
