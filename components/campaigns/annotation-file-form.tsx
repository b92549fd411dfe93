'use client';
import { CampaignFileForm, QuestionKeyList } from './campaign-file-form';

/**
 * Labels collected elsewhere (CSV, TSV, JSON Lines) with the column map of `paralens
 * import-annotations`, optionally creating the pairs no corpus of the campaign holds
 * (`--add-pairs`); all or nothing. Posts to POST /api/v1/campaigns/{id}/annotations/file.
 */
export function AnnotationFileForm({
  campaignId,
  questionKeys,
  corpora,
}: {
  campaignId: number;
  questionKeys: readonly string[];
  corpora: ReadonlyArray<{ slug: string; name: string }>;
}) {
  return (
    <CampaignFileForm
      campaignId={campaignId}
      path="annotations/file"
      label="Import labels from a file"
      submitLabel="Import labels"
      command="paralens import-annotations"
      verb="imported"
      mapPlaceholder="pair=pair_id,a=sentence_A,b=sentence_B,annotator=annotator_key,nli=label"
      help={
        <>
          <code>pair=COL</code> (original ids) or <code>a=COL,b=COL</code> (the exact texts), <code>annotator=COL</code>, and a
          column per question: <QuestionKeyList keys={questionKeys} />. Each annotator id becomes a pseudonymous account that
          cannot sign in. Nothing is imported unless every row is.
        </>
      }
      extraFields={
        <label>
          Pairs no corpus of the campaign holds
          <select name="addPairs" defaultValue="">
            <option value="">are errors (match existing pairs only)</option>
            {corpora.map((c) => (
              <option key={c.slug} value={c.slug}>
                are created in {c.name} (needs a= and b=)
              </option>
            ))}
          </select>
          <span className="small muted">
            A pair the corpus already holds the other way round is created in its “(reversed)” companion, so a label of B → A
            stays on B → A.
          </span>
        </label>
      }
      extraBody={(data) => {
        const slug = data.get('addPairs');
        return typeof slug === 'string' && slug !== '' ? { addPairs: slug } : {};
      }}
    />
  );
}
