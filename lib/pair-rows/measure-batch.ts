/**
 * The text measures of many pairs at once, in a form a worker thread hands back cheaply: one
 * Float64Array of values and one Uint8Array marking nulls, instead of an object per pair (rebuilding
 * 2,000 objects on the receiving thread costs about as much as computing half their measures).
 * An import (lib/services/imports/run-import-read.ts) sends each batch's texts to a compute worker
 * (lib/runtime/compute-workers.ts) and rebuilds each pair's measures with `batchMeasures`, which gives
 * the object computeMeasures returned, key for key and bit for bit. Pure: no database, no threads.
 */
import { computeMeasures, type MeasureOptions, type SyntacticMeasures } from '@/lib/measures/measures';

/** The keys of computeMeasures' result, in its order (a test holds the two together). */
export const SYNTACTIC_KEYS = [
  'rouge1',
  'rougeL',
  'bleu',
  'syn',
  'levenshtein',
  'ngramOverlap',
  'lcpOverlap',
  'sumo',
  'tokenCountA',
  'tokenCountB',
] as const satisfies ReadonlyArray<keyof SyntacticMeasures>;

const WIDTH = SYNTACTIC_KEYS.length;

export interface MeasureBatchInput {
  /** each pair's first and second text, in the batch's order */
  a: string[];
  b: string[];
  options: Readonly<MeasureOptions>;
}

export interface MeasureBatch {
  /** pair i's value of SYNTACTIC_KEYS[k] at i · SYNTACTIC_KEYS.length + k */
  values: Float64Array;
  /** 1 where that value is null */
  nulls: Uint8Array;
}

export function measureBatch({ a, b, options }: MeasureBatchInput): MeasureBatch {
  if (a.length !== b.length)
    throw new RangeError(`a measure batch needs as many second texts as first (${a.length} ≠ ${b.length})`);
  const values = new Float64Array(a.length * WIDTH);
  const nulls = new Uint8Array(a.length * WIDTH);
  for (let i = 0; i < a.length; i += 1) {
    const m = computeMeasures(a[i]!, b[i]!, options);
    for (let k = 0; k < WIDTH; k += 1) {
      const v = m[SYNTACTIC_KEYS[k]!];
      if (v === null) nulls[i * WIDTH + k] = 1;
      else values[i * WIDTH + k] = v;
    }
  }
  return { values, nulls };
}

/** Pair i's measures from a batch: the object computeMeasures returned for it. */
export function batchMeasures(batch: MeasureBatch, i: number): SyntacticMeasures {
  const m: Record<string, number | null> = {};
  const at = i * WIDTH;
  for (let k = 0; k < WIDTH; k += 1) m[SYNTACTIC_KEYS[k]!] = batch.nulls[at + k] === 1 ? null : batch.values[at + k]!;
  return m as SyntacticMeasures;
}
