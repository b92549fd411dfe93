'use client';
import { measureList } from '@/lib/measures/catalog';
import type { CampaignFormState, Strategy } from './campaign-request';
import { errorsUnder } from './campaign-request';
import { FieldErrors } from '@/components/ui/field';
import styles from './campaigns.module.css';
import { Checkbox, Radio } from '@/components/ui/choice';

type Props = { state: CampaignFormState; update: (patch: Partial<CampaignFormState>) => void; errors: Record<string, string> };

const strategies: Array<{ value: Strategy; label: string; hint: string }> = [
  { value: 'all', label: 'All pairs', hint: 'every pair that passes the filters' },
  { value: 'random', label: 'Random sample', hint: 'n pairs drawn at random' },
  { value: 'stratified', label: 'Stratified', hint: 'k pairs from each bin of a measure, or each characteristic-map cell' },
];
const TIERS = ['gold', 'silver', 'bronze', 'none'] as const;
const TEXT_TYPES = [
  { value: 'caption', label: 'caption' },
  { value: 'alt_text', label: 'alt text' },
  { value: 'sentence', label: 'sentence' },
] as const;

function toggle(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...list, value] : list.filter((v) => v !== value);
}

function Checkboxes({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className={styles.options}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <Checkbox
          key={o.value}
          checked={chosen.includes(o.value)}
          onChange={(e) => onChange(toggle(chosen, o.value, e.target.checked))}
          label={o.label}
        />
      ))}
    </fieldset>
  );
}

function MeasureRanges({ state, update }: Omit<Props, 'errors'>) {
  const rows = state.measureFilters;
  const set = (i: number, patch: Partial<(typeof rows)[number]>) =>
    update({ measureFilters: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <div className="stack">
      {rows.map((r, i) => (
        <div className="row" key={i}>
          <label className={styles.inline}>
            Measure
            <select
              value={r.measure}
              onChange={(e) => set(i, { measure: e.target.value })}
              aria-label={`Measure of range ${i + 1}`}
            >
              {measureList.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.inline}>
            from{' '}
            <input
              type="number"
              step="any"
              value={r.min}
              onChange={(e) => set(i, { min: e.target.value })}
              aria-label={`Minimum of ${r.measure}`}
              style={{ width: '7rem' }}
            />
          </label>
          <label className={styles.inline}>
            to{' '}
            <input
              type="number"
              step="any"
              value={r.max}
              onChange={(e) => set(i, { max: e.target.value })}
              aria-label={`Maximum of ${r.measure}`}
              style={{ width: '7rem' }}
            />
          </label>
          <button type="button" className="secondary" onClick={() => update({ measureFilters: rows.filter((_, j) => j !== i) })}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="secondary"
          onClick={() => update({ measureFilters: [...rows, { measure: 'st', min: '', max: '' }] })}
        >
          Add a measure range
        </button>
      </div>
    </div>
  );
}

/** How the campaign's pairs are drawn: strategy, strata, seed and filters. */
export function SampleSection({ state, update, errors }: Props) {
  return (
    <section className="card stack" aria-labelledby="sample-heading">
      <h2 id="sample-heading">Sample</h2>
      <fieldset className={styles.fieldset}>
        <legend>Strategy</legend>
        {strategies.map((s) => (
          <Radio
            key={s.value}
            name="strategy"
            value={s.value}
            checked={state.strategy === s.value}
            onChange={() => update({ strategy: s.value })}
            label={s.label}
            hint={`(${s.hint})`}
          />
        ))}
      </fieldset>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        {state.strategy === 'random' && (
          <label>
            Sample size
            <input type="number" min={1} value={state.size} onChange={(e) => update({ size: e.target.value })} />
          </label>
        )}
        {state.strategy === 'stratified' && (
          <>
            <label>
              Stratify by
              <select value={state.stratifyBy} onChange={(e) => update({ stratifyBy: e.target.value })}>
                {measureList.map((m) => (
                  <option key={m.key} value={m.key}>
                    {m.label} ({m.description})
                  </option>
                ))}
                <option value="cell">characteristic-map cell (syn × sem, 5 × 5)</option>
              </select>
            </label>
            {state.stratifyBy !== 'cell' && (
              <>
                <label>
                  Bins
                  <input type="number" min={2} max={20} value={state.bins} onChange={(e) => update({ bins: e.target.value })} />
                </label>
                <label>
                  Bin edges
                  <select value={state.binning} onChange={(e) => update({ binning: e.target.value as 'width' | 'quantile' })}>
                    <option value="width">equal width over the observed range</option>
                    <option value="quantile">equal count (quantiles)</option>
                  </select>
                </label>
              </>
            )}
            <label>
              Pairs per {state.stratifyBy === 'cell' ? 'cell' : 'bin'}
              <input type="number" min={1} value={state.perBin} onChange={(e) => update({ perBin: e.target.value })} />
            </label>
          </>
        )}
        {state.strategy !== 'all' && (
          <Checkbox
            style={{ alignSelf: 'flex-end' }}
            checked={state.perCorpus}
            onChange={(e) => update({ perCorpus: e.target.checked })}
            label="Per corpus"
            hint={`(${state.strategy === 'random' ? 'this many from each corpus' : 'each corpus binned on its own, this many per bin from each'})`}
          />
        )}
        <label>
          Seed <span className="small muted">(empty: drawn and recorded)</span>
          <input value={state.seed} onChange={(e) => update({ seed: e.target.value })} />
        </label>
      </div>
      <h3>Filters</h3>
      <div className="row" style={{ alignItems: 'flex-end' }}>
        <label>
          Words per text, from
          <input
            type="number"
            min={0}
            value={state.lengthMin}
            onChange={(e) => update({ lengthMin: e.target.value })}
            style={{ width: '7rem' }}
          />
        </label>
        <label>
          to
          <input
            type="number"
            min={0}
            value={state.lengthMax}
            onChange={(e) => update({ lengthMax: e.target.value })}
            style={{ width: '7rem' }}
            aria-label="Words per text, to"
          />
        </label>
      </div>
      <Checkboxes
        legend="Tier (none checked: any)"
        options={TIERS.map((t) => ({ value: t, label: t }))}
        chosen={state.tiers}
        onChange={(tiers) => update({ tiers })}
      />
      <Checkboxes
        legend="Text type (none checked: any)"
        options={TEXT_TYPES}
        chosen={state.captionTypes}
        onChange={(captionTypes) => update({ captionTypes })}
      />
      <MeasureRanges state={state} update={update} />
      <FieldErrors messages={errorsUnder(errors, 'sample')} />
    </section>
  );
}
