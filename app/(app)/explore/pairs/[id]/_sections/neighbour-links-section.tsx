/** Previous / next pair within the explorer view the pair was opened from (same filter and sort). */
import Link from 'next/link';
import { findNeighbourPairs } from '@/lib/db/pairs/pair-list';
import { database } from '@/lib/db/database';
import { isAppError } from '@/lib/errors/app-error';
import type { PairFilter } from '@/lib/explore/pair-filter';

export async function NeighbourLinksSection({ filter, pairId, query }: { filter: PairFilter; pairId: number; query: string }) {
  let neighbours: { prev: number | null; next: number | null };
  try {
    neighbours = await findNeighbourPairs(database(), filter, pairId);
  } catch (error) {
    if (isAppError(error)) return null; // a view naming a corpus or campaign that is gone
    throw error;
  }
  const href = (id: number) => `/explore/pairs/${id}${query ? `?${query}` : ''}`;
  return (
    <>
      {neighbours.prev ? (
        <Link href={href(neighbours.prev)} rel="prev">
          ‹ Previous pair
        </Link>
      ) : (
        <span className="muted">‹ Previous pair</span>
      )}
      {neighbours.next ? (
        <Link href={href(neighbours.next)} rel="next">
          Next pair ›
        </Link>
      ) : (
        <span className="muted">Next pair ›</span>
      )}
    </>
  );
}
