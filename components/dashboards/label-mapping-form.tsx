'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { formatMapping, withMapping, type LabelMapping, type MappingSide } from '@/lib/dashboards/label-mapping';

/**
 * One side's labels mapped onto the other's, value by value: a select per label of the side mapped
 * (the finer one), its options the other side's labels. Comparing reloads the page with the mapping
 * in the URL (`map`), as the API takes it.
 */
export function LabelMappingForm({
  side,
  values,
  targets,
  names,
  current,
  comparisonHref,
}: {
  side: MappingSide;
  /** the labels of the side mapped, with their names */
  values: readonly string[];
  /** what each can count as: the other side's labels */
  targets: readonly string[];
  names: Record<string, string>;
  current: LabelMapping | null;
  /**
   * the comparison's URL without a mapping; the chosen one goes in its `map` parameter (a string: a
   * server page cannot hand a client component a function)
   */
  comparisonHref: string;
}) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(values.map((v) => [v, current?.[side][v] ?? (targets.includes(v) ? v : '')])),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mapped = Object.fromEntries(Object.entries(chosen).filter(([v, t]) => t !== '' && t !== v));
    const mapping: LabelMapping = { preset: null, mine: {}, other: {}, [side]: mapped };
    router.push(withMapping(comparisonHref, formatMapping(mapping)));
  };
  const whose = side === 'mine' ? "this campaign's labels" : "the other side's labels";
  return (
    <form className="stack small" aria-label="Map the labels" onSubmit={submit}>
      <p>
        Map {whose} onto the {side === 'mine' ? "other side's" : "campaign's"}: each counts as the label chosen; one left unchosen
        stays as it is.
      </p>
      <div className="row" style={{ alignItems: 'flex-end' }}>
        {values.map((v) => (
          <label key={v}>
            {names[v] ?? v}
            <select value={chosen[v] ?? ''} onChange={(e) => setChosen((c) => ({ ...c, [v]: e.target.value }))}>
              <option value="">(as it is)</option>
              {targets.map((t) => (
                <option key={t} value={t}>
                  {names[t] ?? t}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div>
        <button type="submit">Compare with this mapping</button>
      </div>
    </form>
  );
}
