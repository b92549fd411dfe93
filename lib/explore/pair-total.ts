/**
 * The total shown beside a page of pairs (lib/db/pairs/pair-list.ts countPairsForPage): exact, or the
 * planner's estimate when many pairs match, shown as "about 12,300" (three significant digits: an
 * estimate's last digits mean nothing). Pure.
 */
export interface PairTotal {
  value: number;
  /** true: the planner's estimate (more pairs match than are counted exactly), not a count */
  estimated: boolean;
}

const formatCount = new Intl.NumberFormat('en');

/** "12,345", or "about 12,300" for an estimate. */
export function formatPairTotal(total: PairTotal): string {
  if (!total.estimated) return formatCount.format(total.value);
  const digits = Math.max(0, Math.floor(Math.log10(Math.max(1, total.value))) - 2);
  const rounded = Math.round(total.value / 10 ** digits) * 10 ** digits;
  return `about ${formatCount.format(rounded)}`;
}
