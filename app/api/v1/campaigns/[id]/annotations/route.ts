/**
 * POST /api/v1/campaigns/{id}/annotations: submit or edit answers (idempotent by submissionId).
 * GET: every current annotation as JSON Lines, streamed from a database cursor (researchers, admins);
 * the campaign is checked before the first byte, so a 404 is a real 404 (docs/decisions/002).
 */
import { listAnnotations, submitAnnotation } from '@/lib/api/contracts/annotations';
import { apiRoute } from '@/lib/http/api-route';
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
  const batches = streamCampaignAnnotations(getSqlPool(), campaignId);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map((line) => `${JSON.stringify(line)}\n`).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' } });
});
