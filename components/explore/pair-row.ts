import type { PairListRow } from '@/lib/db/pairs/pair-list';

/** A row of the explorer: the listed pair and the link to its page within the current view. */
export type PairRowDto = PairListRow & { href: string };
