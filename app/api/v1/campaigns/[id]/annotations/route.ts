/**
 * POST /api/v1/campaigns/{id}/annotations: submit or edit answers (idempotent by submissionId).
 * GET: every current annotation as JSON Lines, streamed from a database cursor (researchers, admins);
 * the campaign is checked before the first byte, so a 404 is a real 404 (docs/decisions/002).
 */
import { listAnnotationsContract, submitAnnotationContract } from '@/lib/api/contracts/annotations';
import { apiRoute } from '@/lib/http/api-route';
import { submitAnnotationRoute } from '@/lib/http/annotation-routes';
import { jsonLinesResponse } from '@/lib/http/json-lines';
import { AppError } from '@/lib/errors/app-error';
import { findCampaignId, streamCampaignAnnotations } from '@/lib/db/annotations/annotation-reads';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

// The production web server answers POST itself with the same handler (lib/http/node-api.ts).
export const POST = apiRoute(submitAnnotationContract, submitAnnotationRoute.handler);

export const GET = apiRoute(listAnnotationsContract, async ({ params }) => {
  const campaignId = await findCampaignId(database(), parseCampaignRef(params.id));
  if (campaignId === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  return jsonLinesResponse(streamCampaignAnnotations(database(), campaignId));
});
