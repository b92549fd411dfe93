import styles from './campaigns.module.css';

/** A percentage with a thin bar; the detail says what it is a share of. */
export function CompletionBar({ value, detail }: { value: number; detail: string }) {
  const pct = Math.round(value * 1000) / 10;
  return (
    <div className="row" style={{ flexWrap: 'nowrap' }} title={detail}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={detail}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <span className="small">{pct}%</span>
    </div>
  );
}
