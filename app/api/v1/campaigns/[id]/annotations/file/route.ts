/**
 * POST /api/v1/campaigns/{id}/annotations/file: labels collected elsewhere from a file's text, all
 * or nothing, optionally creating missing pairs (researchers, admins).
 */
import { importAnnotationFileContract } from '@/lib/api/contracts/quality';
import { apiRoute } from '@/lib/http/api-route';
import { importCampaignFileBody } from '@/lib/services/campaigns/import-campaign-file';
import { annotationsFile } from '@/lib/db/imports/annotation-import';
import { recordAudit } from '@/lib/db/accounts/audit';
import { database } from '@/lib/db/database';
import { prepareAddedPairsOffThread } from '@/lib/runtime/compute-workers';

export const POST = apiRoute(importAnnotationFileContract, async ({ params, body, user }) => {
  const { addPairs, ...file } = body;
  // The measures of the pairs it creates are computed on a compute worker, off the web server's thread.
  const outcome = await importCampaignFileBody(
    params.id,
    annotationsFile,
    file,
    addPairs === undefined ? {} : { addPairs, preparePairs: prepareAddedPairsOffThread },
  );
  const {
    annotations = 0,
    annotators = 0,
    pairs = 0,
    pairsAdded = 0,
    pairsCreated = 0,
    pairsCreatedReversed = 0,
  } = outcome.counts;
  if (pairsCreated + pairsCreatedReversed > 0) {
    await recordAudit(database(), {
      actorId: user.id,
      action: 'annotations.add-pairs',
      targetType: 'corpus',
      targetId: addPairs,
      details: { campaign: params.id, pairsCreated, pairsCreatedReversed },
    });
  }
  return {
    status: 200,
    body: { annotations, annotators, pairs, pairsAdded, pairsCreated, pairsCreatedReversed, summary: outcome.summary },
  };
});
