/** Every measure of the catalogue with its value; the definition shows on hover (and to screen readers). */
import { isMeasureKey, measureCatalog, measureList, type MeasureValues } from '@/lib/measures/catalog';
import styles from './explore.module.css';

export function MeasureList({ measures, semParts }: { measures: MeasureValues; semParts: string[] }) {
  return (
    <dl className={styles.measures} aria-label="Measures">
      {measureList.map((m) => {
        const value = measures[m.key];
        const parts = semParts.map((k) => (isMeasureKey(k) ? measureCatalog[k].label : k)).join(', ');
        const definition =
          (m.key === 'sem' || m.key === 'delta') && semParts.length > 0
            ? `${m.description} (here sem = mean of ${parts})`
            : m.description;
        return (
          <div key={m.key}>
            <dt title={definition} aria-description={definition}>
              {m.label}
            </dt>
            <dd>{value === null ? <span className="muted">not available</span> : value.toFixed(4)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
