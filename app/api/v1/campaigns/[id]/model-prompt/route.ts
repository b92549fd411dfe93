/** GET /api/v1/campaigns/{id}/model-prompt: the default prompt template and the campaign's prompt versions (staff). */
import { getModelPromptContract } from '@/lib/api/contracts/model-runs';
import { database } from '@/lib/db/database';
import { findCampaignId } from '@/lib/db/annotations/annotation-reads';
import { listPromptVersions } from '@/lib/db/model-raters/model-run-views';
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { DEFAULT_PROMPT_TEMPLATE, PROMPT_PLACEHOLDER_MEANINGS } from '@/lib/model-raters/prompt';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const GET = apiRoute(getModelPromptContract, async ({ params }) => {
  const campaignId = await findCampaignId(database(), parseCampaignRef(params.id));
  if (campaignId === null) throw new AppError('NOT_FOUND', 'That campaign does not exist.');
  return {
    status: 200,
    body: {
      template: DEFAULT_PROMPT_TEMPLATE,
      placeholders: PROMPT_PLACEHOLDER_MEANINGS,
      versions: await listPromptVersions(database(), campaignId),
    },
  };
});
