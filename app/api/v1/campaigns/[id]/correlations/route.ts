/** GET /api/v1/campaigns/{id}/correlations: every measure against the aggregated human ratings (paper Table 6). */
import { getCampaignCorrelations } from '@/lib/api/contracts/dashboards';
import { apiRoute } from '@/lib/http/api-route';
import { requireDashboardCampaign } from '@/lib/http/dashboard-campaign';
import { listRatedPairs } from '@/lib/db/campaign-correlations';
import { getSqlPool } from '@/lib/db/sql-pool';
import { computeCorrelationTables, computeUserMeasureCorrelations } from '@/lib/dashboards/correlation-table';

export const GET = apiRoute(getCampaignCorrelations, async ({ params, query }) => {
  const campaign = await requireDashboardCampaign(params.id);
  const rows = await listRatedPairs(getSqlPool(), campaign.id, query.aggregate);
  const { pooled, byCorpus } = computeCorrelationTables(rows);
  const body = { aggregate: query.aggregate, measures: pooled, byCorpus: byCorpus.map((c) => ({ corpus: c.corpus, n: c.n, measures: c.table })), userMeasures: computeUserMeasureCorrelations(rows) };
  return { status: 200, body };
});
