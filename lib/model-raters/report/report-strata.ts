/**
 * Strata for judgeByStratum (judge-question.ts): the corpus a pair comes from needs no helper (pair →
 * corpus name); these give the two others the report is read by:
 * - the characteristic-map cell of the humans' final syntactic and semantic ratings (EACL 2023 paper,
 *   Fig. 2; the 0-4 answers one cell each, labelled `cell:SYN,SEM` as lib/sampling/strata.ts labels
 *   map strata), pairs with an open or missing final rating in none;
 * - the decile of any measure: pairs sorted by the measure and cut into ten groups of (nearly) equal
 *   size by rank, tied values kept together in the decile of their first rank.
 * Pure.
 */
import { MAP_BINS } from '@/lib/sampling/strata';
import type { FinalLabel } from './judge-types';

export interface Strata {
  /** pair id → stratum label */
  strata: Map<number, string>;
  /** the labels in display order */
  order: string[];
}

const isRating = (final: FinalLabel | undefined): final is FinalLabel & { value: number } =>
  !!final &&
  !final.open &&
  typeof final.value === 'number' &&
  Number.isInteger(final.value) &&
  final.value >= 0 &&
  final.value < MAP_BINS;

/** `cell:SYN,SEM` of the humans' final ratings, for the pairs where both are decided. */
export function mapCellStrata(syntactic: ReadonlyMap<number, FinalLabel>, semantic: ReadonlyMap<number, FinalLabel>): Strata {
  const strata = new Map<number, string>();
  for (const [pair, syn] of syntactic) {
    const sem = semantic.get(pair);
    if (isRating(syn) && isRating(sem)) strata.set(pair, `cell:${syn.value},${sem.value}`);
  }
  const order = Array.from({ length: MAP_BINS * MAP_BINS }, (_, i) => `cell:${Math.floor(i / MAP_BINS)},${i % MAP_BINS}`);
  return { strata, order };
}

export interface DecileStrata extends Strata {
  /** the lowest and highest value of each decile that has pairs, by label */
  ranges: Record<string, [number, number]>;
}

/** Deciles D1 (lowest) to D10 of a measure; non-finite values are in none. */
export function decileStrata(values: ReadonlyMap<number, number>): DecileStrata {
  const sorted = [...values].filter(([, v]) => Number.isFinite(v)).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const n = sorted.length;
  const strata = new Map<number, string>();
  const ranges: Record<string, [number, number]> = {};
  let firstRank = 0;
  sorted.forEach(([pair, value], rank) => {
    if (rank > 0 && value !== sorted[rank - 1]![1]) firstRank = rank;
    const label = `D${Math.floor((10 * firstRank) / n) + 1}`;
    strata.set(pair, label);
    const range = ranges[label];
    ranges[label] = range ? [range[0], value] : [value, value];
  });
  return { strata, order: Array.from({ length: 10 }, (_, i) => `D${i + 1}`), ranges };
}
