/** First / previous / next page links of the explorer (keyset pages) and the visible count. */
import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './explore.module.css';

export function Pager({ first, prev, next, count }: { first: string | null; prev: string | null; next: string | null; count: ReactNode }) {
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span aria-live="polite">{count}</span>
      {first ? <Link href={first}>« First page</Link> : null}
      {prev ? <Link href={prev}>‹ Previous page</Link> : <span className="muted">‹ Previous page</span>}
      {next ? <Link href={next}>Next page ›</Link> : <span className="muted">Next page ›</span>}
    </nav>
  );
}
