/** Reading pairs of a corpus with their two texts and every measure of the catalogue (plain DTOs). */
import type { Db } from '../client';
import { measureKeys, type MeasureValues } from '@/lib/measures/catalog';

export type PairRow = MeasureValues & {
  id: number;
  a: string;
  b: string;
  referenceLabel: string | null;
  referenceScore: number | null;
};

const measureSelect = Object.fromEntries(measureKeys.map((k) => [k, true])) as Record<keyof MeasureValues, true>;

export async function listPairs(db: Db, corpusId: number, options: { limit: number; offset: number }): Promise<PairRow[]> {
  const rows = await db.pair.findMany({
    where: { corpusId },
    orderBy: { id: 'asc' },
    take: options.limit,
    skip: options.offset,
    select: {
      id: true,
      referenceLabel: true,
      referenceScore: true,
      ...measureSelect,
      textA: { select: { content: true } },
      textB: { select: { content: true } },
    },
  });
  return rows.map(({ textA, textB, ...rest }) => ({ ...rest, a: textA.content, b: textB.content }));
}
