/**
 * GET /api/v1/campaigns/{id}/correlations: every measure against the aggregated human ratings
 * (paper Table 6), and against any rating axis asked for.
 */
import { getCampaignCorrelationsContract } from '@/lib/api/contracts/dashboards';
import { apiRoute } from '@/lib/http/api-route';
import { requireDashboardCampaign } from '@/lib/services/dashboards/load-campaign-dashboard';
import { listAxisRatedPairs, listRatedPairs } from '@/lib/db/dashboards/campaign-correlations';
import { database } from '@/lib/db/database';
import {
  computeAxisCorrelationTables,
  computeCorrelationTables,
  computeUserMeasureCorrelations,
  correlateUserMeasures,
} from '@/lib/dashboards/correlation-table';
import { findRatingAxis, ratingAxes } from '@/lib/dashboards/rating-axes';
import { AppError } from '@/lib/errors/app-error';

export const GET = apiRoute(getCampaignCorrelationsContract, async ({ params, query }) => {
  const campaign = await requireDashboardCampaign(params.id);
  const found = query.axis === undefined ? null : findRatingAxis(campaign.questions, query.axis);
  if (found && 'error' in found) throw new AppError('INVALID_INPUT', found.error, { fields: { 'query.axis': found.error } });
  const rated = await listRatedPairs(database(), campaign.id, query.aggregate);
  const { pooled, byCorpus } = computeCorrelationTables(rated);
  const body = {
    aggregate: query.aggregate,
    measures: pooled,
    byCorpus: byCorpus.map((c) => ({ corpus: c.corpus, n: c.n, measures: c.table })),
    userMeasures: computeUserMeasureCorrelations(rated),
    axes: ratingAxes(campaign.questions),
  };
  if (!found) return { status: 200, body };
  const rows = await listAxisRatedPairs(database(), campaign.id, found.axis, query.aggregate);
  const tables = computeAxisCorrelationTables(rows);
  return {
    status: 200,
    body: {
      ...body,
      axis: {
        axis: found.axis,
        n: rows.length,
        measures: tables.pooled,
        byCorpus: tables.byCorpus.map((c) => ({ corpus: c.corpus, n: c.n, measures: c.table })),
        userMeasures: correlateUserMeasures(
          rows,
          rows.map((r) => r.rating),
        ),
      },
    },
  };
});
