/**
 * The model's own characteristic map beside the humans' (EACL 2023 paper, Fig. 2): each pair in the
 * cell of its syntactic × semantic rating on the 0-4 scale, one cell per value, oriented and shaped
 * as lib/dashboards/characteristic-map.ts does (cells[syn][sem], bin 0 the lowest, `missing` for
 * pairs lacking a value) so the pages reuse its grid. The model's map places each pair by the
 * model's two answers (the runner already gives one answer per pair when it samples several), the
 * humans' map by their final (median) labels; both count the same pairs, those with all four
 * values, so the difference map (model − humans, in counts and in shares) compares like with like.
 * Each cell lists its pairs (capped) for drill-down. Pure.
 */
import { MAP_BINS, mapShares, type CharacteristicMap } from '@/lib/dashboards/characteristic-map';
import { PAIR_IDS_PER_CELL } from './judge-comparisons';
import type { FinalLabel, JudgeAnswer } from './judge-types';

export interface JudgeMapsInput {
  /** pair id → the model's answers to the syntactic and semantic Likert questions */
  model: { syntactic: ReadonlyMap<number, JudgeAnswer>; semantic: ReadonlyMap<number, JudgeAnswer> };
  /** pair id → the humans' final labels of the same questions */
  humans: { syntactic: ReadonlyMap<number, FinalLabel>; semantic: ReadonlyMap<number, FinalLabel> };
}

/** A characteristic map whose cells list their pairs. */
export interface DrillMap extends CharacteristicMap {
  /** pairIds[syn][sem]: the cell's pairs, ascending, at most idsCap */
  pairIds: number[][][];
  idsCap: number;
}

export interface JudgeMaps {
  /** pairs with the model's two ratings and the humans' two decided final ratings: the pairs mapped */
  pairs: number;
  /** pairs lacking a model rating (either question), and lacking a decided final rating (either; open counts) */
  lacking: { model: number; humans: number };
  model: DrillMap;
  humans: DrillMap;
  /** model − humans per cell */
  difference: {
    cells: number[][];
    /** share of the model's pairs minus share of the humans' (null when no pair is mapped) */
    shares: Array<Array<number | null>>;
    /** pairIds[syn][sem]: pairs the model puts in this cell and the humans elsewhere (capped) */
    pairIds: number[][][];
  };
}

function rating(value: JudgeAnswer | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < MAP_BINS ? value : null;
}

const finalRating = (final: FinalLabel | undefined) => (final && !final.open ? rating(final.value) : null);

function emptyDrill(missing: number): DrillMap {
  const grid = <T>(make: () => T) => Array.from({ length: MAP_BINS }, () => Array.from({ length: MAP_BINS }, make));
  return { cells: grid(() => 0), missing, pairIds: grid(() => [] as number[]), idsCap: PAIR_IDS_PER_CELL };
}

function place(map: { cells: number[][]; pairIds: number[][][] }, syn: number, sem: number, pair: number, count = true): void {
  if (count) map.cells[syn]![sem]! += 1;
  const ids = map.pairIds[syn]![sem]!;
  if (ids.length < PAIR_IDS_PER_CELL) ids.push(pair);
}

export function buildJudgeMaps(input: JudgeMapsInput): JudgeMaps {
  const all = new Set<number>();
  for (const source of [input.model.syntactic, input.model.semantic, input.humans.syntactic, input.humans.semantic]) {
    for (const pair of source.keys()) all.add(pair);
  }
  let lackingModel = 0;
  let lackingHumans = 0;
  const mapped: Array<{ pair: number; model: [number, number]; humans: [number, number] }> = [];
  for (const pair of [...all].sort((a, b) => a - b)) {
    const mSyn = rating(input.model.syntactic.get(pair));
    const mSem = rating(input.model.semantic.get(pair));
    const hSyn = finalRating(input.humans.syntactic.get(pair));
    const hSem = finalRating(input.humans.semantic.get(pair));
    if (mSyn === null || mSem === null) lackingModel += 1;
    if (hSyn === null || hSem === null) lackingHumans += 1;
    if (mSyn !== null && mSem !== null && hSyn !== null && hSem !== null)
      mapped.push({ pair, model: [mSyn, mSem], humans: [hSyn, hSem] });
  }
  const missing = all.size - mapped.length;
  const model = emptyDrill(missing);
  const humans = emptyDrill(missing);
  const moved = emptyDrill(0);
  for (const m of mapped) {
    place(model, m.model[0], m.model[1], m.pair);
    place(humans, m.humans[0], m.humans[1], m.pair);
    if (m.model[0] !== m.humans[0] || m.model[1] !== m.humans[1]) place(moved, m.model[0], m.model[1], m.pair, false);
  }
  const modelShares = mapShares(model);
  const humanShares = mapShares(humans);
  return {
    pairs: mapped.length,
    lacking: { model: lackingModel, humans: lackingHumans },
    model,
    humans,
    difference: {
      cells: model.cells.map((row, i) => row.map((n, j) => n - humans.cells[i]![j]!)),
      shares: modelShares.map((row, i) => row.map((s, j) => (s === null ? null : s - humanShares[i]![j]!))),
      pairIds: moved.pairIds,
    },
  };
}
