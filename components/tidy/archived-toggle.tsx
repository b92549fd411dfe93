import Link from 'next/link';

/** The list page's "Show archived" / "Hide archived" link (the state lives in the URL: ?archived=include). */
export function ArchivedToggle({ path, showing, count }: { path: string; showing: boolean; count?: number }) {
  return (
    <Link className="small" href={showing ? path : `${path}?archived=include`} data-testid="archived-toggle">
      {showing ? 'Hide archived' : 'Show archived'}
      {showing && count !== undefined ? ` (${count})` : ''}
    </Link>
  );
}

export const archivedBadge = <span className="badge silver">archived</span>;
