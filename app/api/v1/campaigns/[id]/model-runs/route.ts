/** GET /api/v1/campaigns/{id}/model-runs: the campaign's model runs; POST: start one (researchers, admins; audited). */
import { listModelRunsContract, startModelRunContract } from '@/lib/api/contracts/model-runs';
import { getDb } from '@/lib/db/client';
import { findCampaignId } from '@/lib/db/annotations/annotation-reads';
import { listModelRuns } from '@/lib/db/model-raters/model-run-views';
import { getSqlPool } from '@/lib/db/sql-pool';
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { startModelRun } from '@/lib/services/model-raters/start-model-run';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(listModelRunsContract, async ({ params }) => {
  const campaignId = await findCampaignId(getSqlPool(), parseCampaignRef(params.id));
  if (campaignId === null) throw new AppError('NOT_FOUND', 'That campaign does not exist.');
  return { status: 200, body: { runs: await listModelRuns(getDb(), campaignId) } };
});

export const POST = apiRoute(startModelRunContract, async ({ params, body, user }) => ({
  status: 202,
  body: await startModelRun(getDb(), user, params.id, body),
}));
