/**
 * POST /api/v1/campaigns/{id}/annotations: submit or edit answers (idempotent by submissionId).
 * GET: every current annotation as JSON Lines, streamed from a database cursor (researchers, admins);
 * the campaign is checked before the first byte, so a 404 is a real 404 (docs/decisions/002).
 */
import { listAnnotations, submitAnnotation } from '@/lib/api/contracts/annotations';
import { apiRoute } from '@/lib/http/api-route';
import { jsonLinesResponse } from '@/lib/http/json-lines';
import { AppError } from '@/lib/errors/app-error';
import { submitAnnotation as storeSubmission } from '@/lib/db/annotations';
import { findCampaignId, streamCampaignAnnotations } from '@/lib/db/annotation-reads';
import { getSqlPool } from '@/lib/db/sql-pool';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export const POST = apiRoute(submitAnnotation, async ({ params, body, user }) => {
  const { created, annotation } = await storeSubmission(getSqlPool(), parseCampaignRef(params.id), user.id, body);
  return { status: created ? 201 : 200, body: annotation };
});

export const GET = apiRoute(listAnnotations, async ({ params }) => {
  const campaignId = await findCampaignId(getSqlPool(), parseCampaignRef(params.id));
  if (campaignId === null) throw new AppError('NOT_FOUND', 'No such campaign.');
  return jsonLinesResponse(streamCampaignAnnotations(getSqlPool(), campaignId));
});
