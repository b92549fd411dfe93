/**
 * A corpus map's axes: syn and sem, or a measure of the corpus's own marked as that axis
 * (`paralens import-scores … --axis NAME=semantic`). A GET form: the choice lives in the URL
 * (`syn.SLUG=u.NAME`, `sem.SLUG=u.NAME`), beside the corpora shown.
 */
export function UserAxisPicker({
  slug,
  corpora,
  options,
  chosen,
}: {
  slug: string;
  corpora: readonly string[];
  options: { syn: readonly string[]; sem: readonly string[] };
  chosen: { syn: string | null; sem: string | null };
}) {
  const select = (axis: 'syn' | 'sem', label: string) =>
    options[axis].length === 0 ? null : (
      <label>
        {label}
        <select name={`${axis}.${slug}`} defaultValue={chosen[axis] ? `u.${chosen[axis]}` : ''}>
          <option value="">{axis}</option>
          {options[axis].map((name) => (
            <option key={name} value={`u.${name}`}>
              {name} (yours)
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <form method="get" className="row small" aria-label={`Axes of ${slug}`}>
      {corpora.map((c) => (
        <input key={c} type="hidden" name="corpus" value={c} />
      ))}
      {select('syn', 'Syntactic axis')}
      {select('sem', 'Semantic axis')}
      <button type="submit" className="secondary">
        Redraw
      </button>
    </form>
  );
}
