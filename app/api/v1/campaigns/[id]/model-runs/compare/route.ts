/** GET /api/v1/campaigns/{id}/model-runs/compare: the campaign's runs side by side on one question (researchers, admins). */
import { compareModelRunsContract } from '@/lib/api/contracts/model-run-report';
import { findCampaignId } from '@/lib/db/annotations/annotation-reads';
import { database } from '@/lib/db/database';
import { listModelRuns } from '@/lib/db/model-raters/model-run-views';
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { compareRuns } from '@/lib/services/model-raters/load-run-report';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { computeRunReportOffThread } from '@/lib/runtime/compute-workers';

export const GET = apiRoute(compareModelRunsContract, async ({ params, query }) => {
  const campaignId = await findCampaignId(database(), parseCampaignRef(params.id));
  if (campaignId === null) throw new AppError('NOT_FOUND', 'That campaign does not exist.');
  const runs = await listModelRuns(database(), campaignId);
  const rows = await compareRuns(database(), database(), runs, { ...query, fdr: 'per-stratum' }, computeRunReportOffThread);
  return { status: 200, body: { question: query.question, rows } };
});
