'use client';
import { CampaignFileForm, QuestionKeyList } from './campaign-file-form';

/**
 * Marks gold pairs from a file (CSV, TSV, JSON Lines) with the column map of `paralens gold`, all
 * or nothing; a refused file lists each bad line. Posts to POST /api/v1/campaigns/{id}/gold/file.
 */
export function GoldFileForm({ campaignId, questionKeys }: { campaignId: number; questionKeys: readonly string[] }) {
  return (
    <CampaignFileForm
      campaignId={campaignId}
      path="gold/file"
      label="Mark gold pairs from a file"
      submitLabel="Mark gold pairs"
      command="paralens gold"
      verb="marked"
      mapPlaceholder="pair=pair_id,semantic=score,relation=rel,explanation=why"
      help={
        <>
          <code>id=COL</code> (Paralens pair ids), <code>pair=COL</code> (original ids) or <code>a=COL,b=COL</code> (the exact
          texts); <code>explanation=COL</code>; and a column per expected answer: <QuestionKeyList keys={questionKeys} />. Nothing
          is marked unless every row is.
        </>
      }
    />
  );
}
