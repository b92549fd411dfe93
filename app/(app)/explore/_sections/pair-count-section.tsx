/** "Rows 101–200 of 12,345": the total is counted apart (streamed in), so the rows never wait for it. */
import { countPairs } from '@/lib/db/pair-list';
import { getSqlPool } from '@/lib/db/sql-pool';
import type { PairFilter } from '@/lib/explore/pair-filter';
import { formatCount } from '@/components/corpora/format';

export async function PairCountSection({ filter, from, shown }: { filter: PairFilter; from: number; shown: number }) {
  const total = await countPairs(getSqlPool(), filter);
  if (shown === 0) return <strong data-testid="pair-count">{total === 0 ? 'No pairs match' : `No rows on this page; ${formatCount.format(total)} match`}</strong>;
  return (
    <strong data-testid="pair-count">
      Rows {formatCount.format(from)}–{formatCount.format(from + shown - 1)} of {formatCount.format(total)}
    </strong>
  );
}
