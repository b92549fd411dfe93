/** Per-corpus statistics of the measures and lengths, read from the stored corpus summary. */
import type { Db } from '../client';
import { getCorpusTotals } from './corpus-summary';
import { measureKeys, type MeasureKey } from '@/lib/measures/catalog';
import { describeSums, type MeasureStats } from '@/lib/pair-rows/corpus-sums';

export type MeasureSummary = MeasureStats & { key: MeasureKey };

export interface CorpusStats {
  pairs: number;
  meanLength: number | null;
  sdLength: number | null;
  measures: MeasureSummary[];
}

/** Every measure's n, mean, sd (sample), min and max, and the mean pair length in words. */
export async function getCorpusStats(db: Db, corpusId: number): Promise<CorpusStats> {
  const { pairs, sums } = await getCorpusTotals(db, corpusId);
  const length = describeSums(sums.all.length);
  return {
    pairs,
    meanLength: length.mean,
    sdLength: length.sd,
    measures: measureKeys.map((key) => ({ key, ...describeSums(sums.all.measures[key]) })),
  };
}
