import type { ConsistencyHint } from '@/lib/annotation/consistency';
import styles from './workbench.module.css';

/** Soft warnings about answers that contradict the definitions; they never block a submission. */
export function ConsistencyHints({ hints }: { hints: readonly ConsistencyHint[] }) {
  if (hints.length === 0) return null;
  return (
    <div role="status" aria-live="polite">
      <ul className={styles.hints} aria-label="Consistency hints">
        {hints.map((h) => (
          <li key={h.message}>
            {h.message} <span className="small">(You can still submit; a rationale helps.)</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
