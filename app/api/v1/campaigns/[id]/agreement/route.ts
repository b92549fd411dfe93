/** GET /api/v1/campaigns/{id}/agreement: agreement per question with seeded bootstrap intervals. */
import { getCampaignAgreement } from '@/lib/api/contracts/dashboards';
import { apiRoute } from '@/lib/http/api-route';
import { requireDashboardCampaign } from '@/lib/http/dashboard-campaign';
import { computeCampaignAgreement } from '@/lib/db/campaign-agreement';
import { getSqlPool } from '@/lib/db/sql-pool';

export const GET = apiRoute(getCampaignAgreement, async ({ params, query }) => {
  const campaign = await requireDashboardCampaign(params.id);
  const bootstrap = query.bootstrap > 0 ? { resamples: query.bootstrap, seed: query.seed } : undefined;
  return { status: 200, body: { questions: await computeCampaignAgreement(getSqlPool(), campaign, { bootstrap, minSharedPairs: query.minShared }) } };
});
