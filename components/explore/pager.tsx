'use client';
/** First / previous / next page links of the explorer (keyset pages, keeping the current layout) and the visible count. */
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { withLayoutOf } from '@/lib/explore/explorer-view';
import type { ReactNode } from 'react';
import styles from './explore.module.css';

export function Pager({
  first: firstHref,
  prev: prevHref,
  next: nextHref,
  count,
}: {
  first: string | null;
  prev: string | null;
  next: string | null;
  count: ReactNode;
}) {
  const current = useSearchParams();
  const [first, prev, next] = [firstHref, prevHref, nextHref].map((h) => (h ? withLayoutOf(h, current) : null));
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span aria-live="polite">{count}</span>
      {first ? <Link href={first}>« First page</Link> : null}
      {prev ? <Link href={prev}>‹ Previous page</Link> : <span className="muted">‹ Previous page</span>}
      {next ? <Link href={next}>Next page ›</Link> : <span className="muted">Next page ›</span>}
    </nav>
  );
}
