import Link from 'next/link';

/**
 * "Export this view": the explorer's current query (its filters and sort, as the read API takes
 * them) handed to /exports, which exports exactly the view's rows on all its pages. The page's own
 * cursor and page size are dropped: an export has every page.
 */
export function ExportViewLink({ query }: { query: string }) {
  const params = new URLSearchParams(query);
  params.delete('cursor');
  params.delete('limit');
  return <Link href={`/exports?view=${encodeURIComponent(params.toString())}`}>Export this view</Link>;
}
