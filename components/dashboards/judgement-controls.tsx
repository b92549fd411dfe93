import { CheckboxGroup } from '@/components/ui/choice';
import { LeadingSelect } from './leading-select';

/**
 * The judgements page's choices as a GET form (the view lives in the URL): corpus, label, measures,
 * threshold. A new corpus reloads the page at once with its own labels and measures.
 */
export function JudgementControls({
  corpora,
  corpus,
  measures,
  selected,
  labels,
  label,
  threshold,
}: {
  corpora: ReadonlyArray<{ slug: string; name: string }>;
  corpus: string;
  measures: ReadonlyArray<{ key: string; label: string }>;
  selected: readonly string[];
  labels: ReadonlyArray<{ label: string; text: string }>;
  label: string;
  threshold: number | undefined;
}) {
  return (
    <form method="get" className="stack small" aria-label="What to compare">
      <div className="row">
        <LeadingSelect
          label="Corpus"
          name="corpus"
          value={corpus}
          options={corpora.map((c) => ({ value: c.slug, text: c.name }))}
          resets={['label', 'measures']}
        />
        <label>
          Paraphrase label
          <select name="label" defaultValue={label}>
            {labels.map((l) => (
              <option key={l.label} value={l.label}>
                {l.text}
              </option>
            ))}
          </select>
        </label>
        <label>
          Threshold
          <input
            name="threshold"
            type="number"
            step="any"
            min={-1000000}
            max={1000000}
            defaultValue={threshold ?? ''}
            placeholder="e.g. 0.8"
            style={{ width: '7rem' }}
          />
        </label>
      </div>
      <CheckboxGroup
        legend="Measures"
        name="measures"
        options={measures.map((m) => ({ value: m.key, label: m.label }))}
        defaultValues={selected}
      />
      <div>
        <button type="submit">Show</button>
      </div>
    </form>
  );
}
