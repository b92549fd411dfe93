/**
 * "Rows 101–200 of 12,345": the total is counted apart (streamed in), so the rows never wait for it;
 * when many pairs match it is the database's estimate, "of about 1,230,000" (lib/explore/pair-total.ts).
 */
import { countPairsForPage } from '@/lib/db/pairs/pair-list';
import { database } from '@/lib/db/database';
import type { PairFilter } from '@/lib/explore/pair-filter';
import { formatCount } from '@/components/corpora/format';
import { formatPairTotal } from '@/lib/explore/pair-total';

export async function PairCountSection({ filter, from, shown }: { filter: PairFilter; from: number; shown: number }) {
  const total = await countPairsForPage(database(), filter);
  if (shown === 0)
    return (
      <strong data-testid="pair-count">
        {total.value === 0 ? 'No pairs match' : `No rows on this page; ${formatPairTotal(total)} match`}
      </strong>
    );
  return (
    <strong data-testid="pair-count">
      Rows {formatCount.format(from)}–{formatCount.format(from + shown - 1)} of {formatPairTotal(total)}
    </strong>
  );
}
