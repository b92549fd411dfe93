/** The judgements page's choices as a GET form (the view lives in the URL): corpus, label, measures, threshold. */
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
        <label>
          Corpus
          <select name="corpus" defaultValue={corpus}>
            {corpora.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
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
          <input name="threshold" type="number" step="any" min={-1000000} max={1000000} defaultValue={threshold ?? ''} placeholder="e.g. 0.8" style={{ width: '7rem' }} />
        </label>
      </div>
      <fieldset className="row">
        <legend>Measures</legend>
        {measures.map((m) => (
          <label key={m.key} style={{ flexDirection: 'row', fontWeight: 400 }}>
            <input type="checkbox" name="measures" value={m.key} defaultChecked={selected.includes(m.key)} /> {m.label}
          </label>
        ))}
      </fieldset>
      <div>
        <button type="submit">Show</button>
      </div>
    </form>
  );
}
