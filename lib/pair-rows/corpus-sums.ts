/**
 * Running summaries of a corpus's pairs (count, mean, sum of squared deviations, min, max per
 * measure and for the mean word length of a pair), for all pairs and for those with ST above the
 * paper's threshold (Table 7). Values are added with Welford's update and summaries merged with
 * Chan, Golub and LeVeque's pairwise formula (numerically stable, unlike sums of squares), so an
 * import merges the summary of the pairs it wrote into the corpus's stored one in its own
 * transaction, and pages read means and standard deviations without scanning the pairs. Pure:
 * lib/db/corpora/corpus-summary.ts stores them.
 */
import {
  addMeasuresToMap,
  emptyMap,
  isCharacteristicMap,
  mergeMaps,
  type CharacteristicMap,
} from '@/lib/dashboards/characteristic-map';
import { measureKeys, ST_PARAPHRASE_THRESHOLD, type MeasureKey, type MeasureValues } from '@/lib/measures/catalog';

export interface MeasureSums {
  n: number;
  mean: number;
  /** sum of squared deviations from the mean */
  m2: number;
  min: number | null;
  max: number | null;
}

export interface SumsBlock {
  pairs: number;
  /** mean word length of a pair's two texts */
  length: MeasureSums;
  measures: Record<MeasureKey, MeasureSums>;
}

export interface CorpusSums {
  all: SumsBlock;
  /** pairs with ST above ST_PARAPHRASE_THRESHOLD */
  stAbove: SumsBlock;
  /**
   * The characteristic map of syn × sem over all pairs (lib/dashboards/characteristic-map.ts).
   * Absent in summaries stored before it existed: readers then rescan (lib/db/corpora/corpus-summary.ts).
   */
  map?: CharacteristicMap;
  /**
   * How many pairs bring a judgement of their corpus's own: a score (`referenceScore`) or a yes/no
   * label (`referenceIsParaphrase`), so a page asks the summary rather than counting every pair.
   * Absent in summaries stored before it existed: readers then rescan.
   */
  references?: ReferenceCounts;
}

export interface ReferenceCounts {
  scores: number;
  labels: number;
}

export function isReferenceCounts(value: unknown): value is ReferenceCounts {
  const v = value as Partial<ReferenceCounts> | null | undefined;
  return typeof v?.scores === 'number' && typeof v.labels === 'number';
}

/** A pair's own judgements, as an import reads them (null: none). */
export interface PairReference {
  score: number | null;
  isParaphrase: boolean | null;
}

export const NO_REFERENCE: PairReference = { score: null, isParaphrase: null };

export interface MeasureStats {
  n: number;
  mean: number | null;
  /** sample standard deviation (n − 1), as PostgreSQL's stddev_samp */
  sd: number | null;
  min: number | null;
  max: number | null;
}

function emptySums(): MeasureSums {
  return { n: 0, mean: 0, m2: 0, min: null, max: null };
}

function emptyBlock(): SumsBlock {
  return {
    pairs: 0,
    length: emptySums(),
    measures: Object.fromEntries(measureKeys.map((k) => [k, emptySums()])) as Record<MeasureKey, MeasureSums>,
  };
}

export function emptyCorpusSums(): CorpusSums {
  return { all: emptyBlock(), stAbove: emptyBlock(), map: emptyMap(), references: { scores: 0, labels: 0 } };
}

function addValue(s: MeasureSums, value: number): void {
  s.n += 1;
  const delta = value - s.mean;
  s.mean += delta / s.n;
  s.m2 += delta * (value - s.mean);
  if (s.min === null || value < s.min) s.min = value;
  if (s.max === null || value > s.max) s.max = value;
}

function addToBlock(block: SumsBlock, measures: MeasureValues, length: number): void {
  block.pairs += 1;
  addValue(block.length, length);
  for (const key of measureKeys) {
    const value = measures[key];
    if (value !== null) addValue(block.measures[key], value);
  }
}

/** Adds one pair (its measures, the word counts of its two texts, and the judgements it brings). */
export function addPairToSums(
  sums: CorpusSums,
  measures: MeasureValues,
  wordsA: number,
  wordsB: number,
  reference: PairReference = NO_REFERENCE,
): void {
  const length = (wordsA + wordsB) / 2;
  addToBlock(sums.all, measures, length);
  if (sums.references) {
    if (reference.score !== null) sums.references.scores += 1;
    if (reference.isParaphrase !== null) sums.references.labels += 1;
  }
  if (sums.map) addMeasuresToMap(sums.map, measures.syn, measures.sem);
  if (measures.st !== null && measures.st > ST_PARAPHRASE_THRESHOLD) addToBlock(sums.stAbove, measures, length);
}

function mergeValue(a: MeasureSums | undefined, b: MeasureSums | undefined): MeasureSums {
  const x = a ?? emptySums();
  const y = b ?? emptySums();
  const pick = (p: number | null, q: number | null, f: (u: number, v: number) => number) =>
    p === null ? q : q === null ? p : f(p, q);
  const n = x.n + y.n;
  if (n === 0) return emptySums();
  const delta = y.mean - x.mean;
  return {
    n,
    mean: x.mean + (delta * y.n) / n,
    m2: x.m2 + y.m2 + (delta * delta * x.n * y.n) / n,
    min: pick(x.min, y.min, Math.min),
    max: pick(x.max, y.max, Math.max),
  };
}

function mergeBlock(a: SumsBlock, b: SumsBlock): SumsBlock {
  const measures = {} as Record<MeasureKey, MeasureSums>;
  for (const key of measureKeys) measures[key] = mergeValue(a.measures[key], b.measures[key]);
  return { pairs: a.pairs + b.pairs, length: mergeValue(a.length, b.length), measures };
}

/** The map of both, or undefined when a side with pairs has none (a summary stored before maps existed). */
function mergeMapOf(a: CorpusSums, b: CorpusSums): CharacteristicMap | undefined {
  const ma = isCharacteristicMap(a.map) ? a.map : a.all.pairs === 0 ? emptyMap() : undefined;
  const mb = isCharacteristicMap(b.map) ? b.map : b.all.pairs === 0 ? emptyMap() : undefined;
  return ma && mb ? mergeMaps(ma, mb) : undefined;
}

/** The reference counts of both, or undefined when a side with pairs has none (stored before they existed). */
function mergeReferencesOf(a: CorpusSums, b: CorpusSums): ReferenceCounts | undefined {
  const of = (x: CorpusSums) =>
    isReferenceCounts(x.references) ? x.references : x.all.pairs === 0 ? { scores: 0, labels: 0 } : undefined;
  const ra = of(a);
  const rb = of(b);
  return ra && rb ? { scores: ra.scores + rb.scores, labels: ra.labels + rb.labels } : undefined;
}

/**
 * The sums of both sets of pairs. Measures missing in a stored value (added later) count as empty;
 * a missing map or missing reference counts stay undefined in the result (the caller rescans).
 */
export function mergeCorpusSums(a: CorpusSums, b: CorpusSums): CorpusSums {
  const map = mergeMapOf(a, b);
  const references = mergeReferencesOf(a, b);
  return {
    all: mergeBlock(a.all, b.all),
    stAbove: mergeBlock(a.stAbove, b.stAbove),
    ...(map ? { map } : {}),
    ...(references ? { references } : {}),
  };
}

/** Mean, sample sd, min and max; null where undefined (no values; an sd from one value). */
export function describeSums(s: MeasureSums | undefined): MeasureStats {
  if (!s || s.n === 0) return { n: 0, mean: null, sd: null, min: null, max: null };
  const sd = s.n > 1 ? Math.sqrt(Math.max(0, s.m2) / (s.n - 1)) : null;
  return { n: s.n, mean: s.mean, sd, min: s.min, max: s.max };
}
