/**
 * Labels collected elsewhere, from a file's text (`POST /api/v1/campaigns/{id}/annotations/file`),
 * all or nothing (lib/services/campaigns/import-campaign-file.ts). With `addPairs` (a corpus slug) the
 * file's pairs that the campaign lacks are created in that corpus, their measures computed on a
 * compute worker off the web server's thread; pairs created are audited as the user.
 */
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { annotationsFile } from '@/lib/db/imports/annotation-import';
import { prepareAddedPairsOffThread } from '@/lib/runtime/compute-workers';
import { importCampaignFileBody, type CampaignFileBody } from './import-campaign-file';

export interface AnnotationFileCounts {
  annotations: number;
  annotators: number;
  pairs: number;
  pairsAdded: number;
  pairsCreated: number;
  pairsCreatedReversed: number;
  summary: string;
}

export async function importAnnotationFile(
  db: Db,
  user: { id: number },
  campaignRef: string,
  { addPairs, ...file }: CampaignFileBody & { addPairs?: string | undefined },
): Promise<AnnotationFileCounts> {
  const outcome = await importCampaignFileBody(
    campaignRef,
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
    await recordAudit(db, {
      actorId: user.id,
      action: 'annotations.add-pairs',
      targetType: 'corpus',
      targetId: addPairs,
      details: { campaign: campaignRef, pairsCreated, pairsCreatedReversed },
    });
  }
  return { annotations, annotators, pairs, pairsAdded, pairsCreated, pairsCreatedReversed, summary: outcome.summary };
}
