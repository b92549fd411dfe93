/** GET /api/v1/campaigns/{id}/model-runs: the campaign's model runs; POST: start one (researchers, admins; audited). */
import { listModelRunsContract, startModelRunContract } from '@/lib/api/contracts/model-runs';
import { database } from '@/lib/db/database';
import { findCampaignId } from '@/lib/db/annotations/annotation-reads';
import { listModelRuns } from '@/lib/db/model-raters/model-run-views';
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { startModelRun } from '@/lib/services/model-raters/start-model-run';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(listModelRunsContract, async ({ params }) => {
  const campaignId = await findCampaignId(database(), parseCampaignRef(params.id));
  if (campaignId === null) throw new AppError('NOT_FOUND', 'That campaign does not exist.');
  return { status: 200, body: { runs: await listModelRuns(database(), campaignId) } };
});

export const POST = apiRoute(startModelRunContract, async ({ params, body, user }) => ({
  status: 202,
  body: await startModelRun(database(), user, params.id, body),
}));
