/** POST /api/v1/campaigns/{id}/gold/file: gold pairs from a file's text, all or nothing (researchers, admins). */
import { importGoldFileContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { importCampaignFileBody } from '@/lib/services/campaigns/import-campaign-file';
import { goldFile } from '@/lib/db/imports/gold-import';

export const POST = apiRoute(importGoldFileContract, async ({ params, body }) => {
  const outcome = await importCampaignFileBody(params.id, goldFile, body);
  const { marked = 0, created = 0, replaced = 0 } = outcome.counts;
  return { status: 200, body: { marked, created, replaced, summary: outcome.summary } };
});
