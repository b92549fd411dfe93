'use client';
import { CampaignFileForm } from '@/components/campaigns/campaign-file-form';

/**
 * A model's scores (CSV, TSV, JSON Lines) as user measures of the corpus, with the arguments of
 * `paralens import-scores`; all or nothing. Posts to POST /api/v1/corpora/{slug}/measures.
 */
export function ScoresFileForm({ slug }: { slug: string }) {
  return (
    <CampaignFileForm
      corpusSlug={slug}
      withValues={false}
      label="Import a model's scores"
      submitLabel="Import scores"
      command="paralens import-scores"
      verb="imported"
      mapPlaceholder="id=pair_id"
      help={
        <>
          How a row names its pair: <code>id=COL</code> (the <code>pair_id</code> column of an export), <code>pair=COL</code> (the
          source’s original ids) or <code>a=COL,b=COL</code> (the two texts as stored, either order). Nothing is imported unless
          every row is.
        </>
      }
      extraFields={
        <>
          <label>
            Measures
            <input name="measures" required placeholder="para_prob=prob,nli=entailment" />
            <span className="small muted">
              NAME=COLUMN for each; names are lowercase (a-z, 0-9, _) and not a built-in measure’s key. A name imported again has
              its values replaced.
            </span>
          </label>
          <div className="row">
            <label>
              Map axis
              <select name="axis" defaultValue="none">
                <option value="none">none</option>
                <option value="semantic">semantic</option>
                <option value="syntactic">syntactic</option>
              </select>
              <span className="small muted">
                The measures may serve as this axis of a characteristic map; sem and Δsem,syn stay as they are.
              </span>
            </label>
            <label>
              Description (optional)
              <input name="description" placeholder="paraphrase identifier, fine-tuned on PAWS" />
            </label>
          </div>
        </>
      }
      extraBody={(data) => {
        const text = (name: string) => {
          const v = data.get(name);
          return typeof v === 'string' ? v.trim() : '';
        };
        const file = data.get('file');
        const measures = text('measures');
        const axis = text('axis');
        const names = measures
          .split(',')
          .map((m) => m.split('=')[0]!.trim())
          .filter(Boolean);
        return {
          measures,
          ...(axis && axis !== 'none' ? { axes: names.map((n) => `${n}=${axis}`).join(',') } : {}),
          ...(text('description') ? { description: text('description') } : {}),
          ...(file instanceof File ? { fileName: file.name } : {}),
        };
      }}
    />
  );
}
