/**
 * GET /api/v1/campaigns/{id}/map: the campaign's characteristic map from ratings (median or one
 * annotator) or measures, of all its corpora or one.
 */
import { getCampaignMapContract } from '@/lib/api/contracts/dashboards';
import { apiRoute } from '@/lib/http/api-route';
import { requireDashboardCampaign } from '@/lib/services/dashboards/load-campaign-dashboard';
import { AppError } from '@/lib/errors/app-error';
import {
  getCampaignMeasureMap,
  getCampaignRatingsMap,
  listCampaignCorpora,
  listRatingAnnotators,
} from '@/lib/db/dashboards/characteristic-maps';
import { database } from '@/lib/db/database';

export const GET = apiRoute(getCampaignMapContract, async ({ params, query }) => {
  const campaign = await requireDashboardCampaign(params.id);
  const db = database();
  let corpusId: number | null = null;
  if (query.corpus !== undefined) {
    const corpus = (await listCampaignCorpora(db, campaign.id)).find((c) => c.slug === query.corpus);
    if (!corpus) throw new AppError('NOT_FOUND', 'The campaign has no corpus with that slug.');
    corpusId = corpus.id;
  }
  if (query.source === 'measures') {
    if (query.annotator)
      throw new AppError('INVALID_INPUT', 'annotator applies to source=ratings only.', {
        fields: { 'query.annotator': 'applies to source=ratings only' },
      });
    return { status: 200, body: await getCampaignMeasureMap(db, campaign.id, corpusId) };
  }
  if (query.annotator && !(await listRatingAnnotators(db, campaign.id)).includes(query.annotator))
    throw new AppError('NOT_FOUND', 'No annotator with that pseudonym rated this campaign.');
  return {
    status: 200,
    body: await getCampaignRatingsMap(db, campaign.id, {
      median: query.median,
      annotator: query.annotator,
      corpusId: corpusId ?? undefined,
    }),
  };
});
