/** Reading pairs of a corpus with their two texts and measures (plain DTOs). */
import type { Db } from './client';

export interface PairRow {
  id: number;
  a: string;
  b: string;
  referenceLabel: string | null;
  referenceScore: number | null;
  syn: number | null;
  sem: number | null;
  delta: number | null;
  rouge1: number | null;
  rougeL: number | null;
  bleu: number | null;
  st: number | null;
}

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
      syn: true,
      sem: true,
      delta: true,
      rouge1: true,
      rougeL: true,
      bleu: true,
      st: true,
      textA: { select: { content: true } },
      textB: { select: { content: true } },
    },
  });
  return rows.map(({ textA, textB, ...rest }) => ({ ...rest, a: textA.content, b: textB.content }));
}
