/** One cell of the explorer's table: texts in full (wrapped), measures with two decimals, the id as the pair's link. */
import Link from 'next/link';
import type { ExplorerColumn } from '@/lib/explore/explorer-view';
import { formatMeasure } from '@/components/corpora/measure-format';
import { isUserMeasureKey, userMeasureName } from '@/lib/measures/user-measures';
import type { PairRowDto } from './pair-row';

export function PairCell({ column, row }: { column: ExplorerColumn; row: PairRowDto }) {
  switch (column.id) {
    case 'id':
      return (
        <Link href={row.href} tabIndex={-1}>
          {row.id}
        </Link>
      );
    case 'length':
      return `${row.lengthA} / ${row.lengthB}`;
    case 'referenceLabel':
      return row.referenceLabel ?? (row.referenceScore === null ? '' : String(row.referenceScore));
    case 'corpus':
    case 'a':
    case 'b':
      return row[column.id];
    default: {
      const value = isUserMeasureKey(column.id)
        ? (row.userMeasures?.[userMeasureName(column.id)] ?? null)
        : (row as unknown as Record<string, number | null>)[column.id];
      return <span title={value === null || value === undefined ? 'not available' : String(value)}>{formatMeasure(value)}</span>;
    }
  }
}
