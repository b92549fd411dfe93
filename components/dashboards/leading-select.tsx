'use client';
import type { ChangeEvent } from 'react';

/**
 * A select of a dashboard's GET form that other choices depend on (the corpus, the question): a change
 * submits the form at once without the dependent fields (`resets`, by name), so the page comes back
 * with their options for the new choice and its defaults, never a stale list or another corpus's count.
 * Without JavaScript the form's own button submits as before.
 */
export function LeadingSelect({
  label,
  name,
  value,
  options,
  resets,
}: {
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; text: string }>;
  resets: readonly string[];
}) {
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      const field = element as HTMLInputElement;
      if (resets.includes(field.name)) field.disabled = true;
    }
    form.requestSubmit();
  };
  return (
    <label style={{ maxWidth: '100%' }}>
      {label}
      <select name={name} defaultValue={value} onChange={change} style={{ maxWidth: '100%' }}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}
