/**
 * The hot-path accumulator an import uses to summarise the pairs it writes: per value slot
 * (pair length, then each measure of the catalogue) count, shifted sum, shifted sum of squares,
 * min and max in one Float64Array per block, no objects per pair. Sums are taken around the
 * first value seen (x − shift), which keeps the variance exact to rounding when values sit close
 * together; toCorpusSums() turns them into the mean and sum of squared deviations that
 * lib/pair-rows/corpus-sums.ts stores and merges.
 */
import { measureKeys, ST_PARAPHRASE_THRESHOLD, type MeasureKey, type MeasureValues } from '@/lib/measures/catalog';
import { MAP_BINS, mapBinOf } from '@/lib/sampling/strata';
import { NO_REFERENCE, type CorpusSums, type MeasureSums, type PairReference, type SumsBlock } from './corpus-sums';

const SLOTS = 1 + measureKeys.length; // 0 = pair length
const FIELDS = 6; // n, shift, s1, s2, min, max
const N = 0;
const SHIFT = 1;
const S1 = 2;
const S2 = 3;
const MIN = 4;
const MAX = 5;

function add(block: Float64Array, slot: number, value: number): void {
  const o = slot * FIELDS;
  if (block[o + N] === 0) {
    block[o + SHIFT] = value;
    block[o + MIN] = value;
    block[o + MAX] = value;
  } else {
    if (value < block[o + MIN]!) block[o + MIN] = value;
    if (value > block[o + MAX]!) block[o + MAX] = value;
  }
  const d = value - block[o + SHIFT]!;
  block[o + N]! += 1;
  block[o + S1]! += d;
  block[o + S2]! += d * d;
}

export class SumsAccumulator {
  private readonly all = new Float64Array(SLOTS * FIELDS);
  private readonly stAbove = new Float64Array(SLOTS * FIELDS);
  private pairsAll = 0;
  private pairsStAbove = 0;
  /** characteristic-map cells, syn bin × MAP_BINS + sem bin */
  private readonly cells = new Float64Array(MAP_BINS * MAP_BINS);
  private mapMissing = 0;
  private referenceScores = 0;
  private referenceLabels = 0;

  add(measures: MeasureValues, wordsA: number, wordsB: number, reference: PairReference = NO_REFERENCE): void {
    const above = measures.st !== null && measures.st > ST_PARAPHRASE_THRESHOLD;
    const length = (wordsA + wordsB) / 2;
    this.pairsAll += 1;
    if (reference.score !== null) this.referenceScores += 1;
    if (reference.isParaphrase !== null) this.referenceLabels += 1;
    add(this.all, 0, length);
    if (above) {
      this.pairsStAbove += 1;
      add(this.stAbove, 0, length);
    }
    const { syn, sem } = measures;
    if (syn === null || sem === null) this.mapMissing += 1;
    else this.cells[mapBinOf(syn) * MAP_BINS + mapBinOf(sem)]! += 1;
    for (let i = 0; i < measureKeys.length; i++) {
      const value = measures[measureKeys[i]!];
      if (value === null) continue;
      add(this.all, i + 1, value);
      if (above) add(this.stAbove, i + 1, value);
    }
  }

  toCorpusSums(): CorpusSums {
    const cells = Array.from({ length: MAP_BINS }, (_, i) => Array.from(this.cells.subarray(i * MAP_BINS, (i + 1) * MAP_BINS)));
    return {
      all: toBlock(this.all, this.pairsAll),
      stAbove: toBlock(this.stAbove, this.pairsStAbove),
      map: { cells, missing: this.mapMissing },
      references: { scores: this.referenceScores, labels: this.referenceLabels },
    };
  }
}

function toSums(block: Float64Array, slot: number): MeasureSums {
  const o = slot * FIELDS;
  const n = block[o + N]!;
  if (n === 0) return { n: 0, mean: 0, m2: 0, min: null, max: null };
  const s1 = block[o + S1]!;
  return {
    n,
    mean: block[o + SHIFT]! + s1 / n,
    m2: Math.max(0, block[o + S2]! - (s1 * s1) / n),
    min: block[o + MIN]!,
    max: block[o + MAX]!,
  };
}

function toBlock(block: Float64Array, pairs: number): SumsBlock {
  const measures = {} as Record<MeasureKey, MeasureSums>;
  measureKeys.forEach((key, i) => (measures[key] = toSums(block, i + 1)));
  return { pairs, length: toSums(block, 0), measures };
}
