/**
 * The explorer's filters as a plain GET form: submitting navigates to the URL of the new view (first
 * page), so the browser's history, bookmarks and shared links all work, with or without JavaScript.
 * The view's layout (columns, widths, density; read from the address bar, which the table updates in
 * place) and its sort travel along in hidden fields.
 */
import Link from 'next/link';
import { RELATIONS } from '@/lib/annotation/relations';
import { ANNOTATION_STATES, TEXT_TYPES, TIERS, type PairFilter } from '@/lib/explore/pair-filter';
import { measureList } from '@/lib/measures/catalog';
import type { ExploreOptions } from '@/lib/db/pairs/explore-options';
import { LayoutFields } from './layout-fields';
import { CorpusPicker } from './corpus-picker';
import { Checkbox } from '@/components/ui/choice';
import styles from './explore.module.css';

interface RangeKeyOption {
  key: string;
  label: string;
  description: string;
}

const builtInRangeKeys: RangeKeyOption[] = measureList.map((m) => ({ key: m.key, label: m.label, description: m.description }));
const lengthRange: RangeKeyOption = { key: 'length', label: 'Words', description: 'word counts of both texts' };

/** `userMeasures`: ranges of the user measures (u.NAME) of the one corpus shown, after the built-in ones. */
export function FilterForm({
  filter,
  options,
  hidden,
  userMeasures = [],
}: {
  filter: PairFilter;
  options: ExploreOptions;
  hidden: Array<[string, string]>;
  userMeasures?: readonly RangeKeyOption[];
}) {
  const rangeKeys = [...builtInRangeKeys, ...userMeasures, lengthRange];
  const range = (key: string) => filter.ranges.find((r) => r.key === key);
  const relation = filter.finals.find((f) => f.question === 'relation')?.values[0] ?? '';
  const rangesOpen = filter.ranges.length > 0;
  return (
    <form action="/explore" method="get" className={`card ${styles.filters}`} aria-label="Filters">
      <LayoutFields />
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {filter.finals
        .filter((f) => f.question !== 'relation')
        .map((f) => (
          <input key={f.question} type="hidden" name={`final.${f.question}`} value={f.values.join(',')} />
        ))}
      <div className={styles.filterRow}>
        <label>
          Search either text
          <input type="search" name="q" defaultValue={filter.q ?? ''} placeholder="words, as typed" size={28} />
        </label>
        <CorpusPicker corpora={options.corpora} chosen={filter.corpora} />
        <fieldset className={styles.filterRow}>
          <legend className="small">Tier</legend>
          {TIERS.map((t) => (
            <Checkbox key={t} name="tier" value={t} defaultChecked={filter.tiers.includes(t)} label={t.toLowerCase()} />
          ))}
        </fieldset>
        <fieldset className={styles.filterRow}>
          <legend className="small">Text type</legend>
          {TEXT_TYPES.map((t) => (
            <Checkbox
              key={t}
              name="type"
              value={t}
              defaultChecked={filter.types.includes(t)}
              label={t.toLowerCase().replace('_', ' ')}
            />
          ))}
        </fieldset>
      </div>
      <div className={styles.filterRow}>
        <label>
          Campaign
          <select name="campaign" defaultValue={filter.campaign ?? ''}>
            <option value="">any</option>
            {options.campaigns.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Annotation
          <select name="state" defaultValue={filter.state ?? ''}>
            <option value="">any</option>
            {ANNOTATION_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Final relation
          <select name="relation" defaultValue={relation}>
            <option value="">any</option>
            {RELATIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Source label
          <input name="label" defaultValue={filter.labels.join(',')} size={10} />
        </label>
        <label title="characteristic-map cell: syn bin, sem bin (0-4)">
          Map cell
          <input
            name="cell"
            defaultValue={filter.cell ? `${filter.cell.syn},${filter.cell.sem}` : ''}
            placeholder="syn,sem"
            size={6}
          />
        </label>
      </div>
      <details open={rangesOpen}>
        <summary>Measure ranges{rangesOpen ? ` (${filter.ranges.length})` : ''}</summary>
        <div className={styles.ranges}>
          {rangeKeys.map((m) => (
            <div key={m.key} className={styles.range} title={m.description}>
              <span>{m.label}</span>
              <input
                name={`min.${m.key}`}
                aria-label={`${m.label} at least`}
                placeholder="min"
                defaultValue={range(m.key)?.min ?? ''}
                inputMode="decimal"
              />
              <input
                name={`max.${m.key}`}
                aria-label={`${m.label} at most`}
                placeholder="max"
                defaultValue={range(m.key)?.max ?? ''}
                inputMode="decimal"
              />
            </div>
          ))}
        </div>
      </details>
      <div className="row">
        <button type="submit">Apply filters</button>
        <Link href="/explore">Clear</Link>
      </div>
    </form>
  );
}
