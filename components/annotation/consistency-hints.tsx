import type { ConsistencyHint } from '@/lib/annotation/consistency';
import styles from './workbench.module.css';

/** Soft warnings about answers that contradict the definitions; they never block a submission. */
export function ConsistencyHints({ hints }: { hints: readonly ConsistencyHint[] }) {
  return (
    <div role="status" aria-live="polite" data-testid="consistency-hints">
      {hints.length > 0 ? (
        <div className={styles.hints}>
          <p>Worth a second look (you can still submit; a rationale helps):</p>
          <ul>
            {hints.map((h) => (
              <li key={h.message}>{h.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
