/** A labelled select of a dashboard's GET form (the view lives in the URL). */
export function ChoiceSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; text: string }>;
}) {
  return (
    <label style={{ maxWidth: '100%' }}>
      {label}
      <select name={name} defaultValue={value} style={{ maxWidth: '100%' }}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}
