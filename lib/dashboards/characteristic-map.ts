/**
 * The characteristic map of paper Fig. 2 (EACL 2023): a 5 × 5 grid of pair counts, syntactic
 * similarity (syn) on one axis and semantic (sem) on the other, each in five equal-width bins on
 * [0, 1] with 1.0 in the top bin (lib/sampling/strata.ts mapBinOf, the same cells campaigns
 * stratify by). From human ratings the axes are the 0-4 Likert answers, one bin per value. Pairs
 * lacking either value are counted apart (`missing`), never spread over the cells. Pure.
 */
import { MAP_BINS, mapBinOf } from '@/lib/sampling/strata';

export { MAP_BINS };

export interface CharacteristicMap {
  /** cells[synBin][semBin], bin 0 the lowest */
  cells: number[][];
  /** pairs without a syn or sem value (or rating) */
  missing: number;
}

export function emptyMap(): CharacteristicMap {
  return { cells: Array.from({ length: MAP_BINS }, () => new Array<number>(MAP_BINS).fill(0)), missing: 0 };
}

/** Counts one pair by its measures (null: missing). */
export function addMeasuresToMap(map: CharacteristicMap, syn: number | null, sem: number | null): void {
  if (syn === null || sem === null || Number.isNaN(syn) || Number.isNaN(sem)) map.missing += 1;
  else map.cells[mapBinOf(syn)]![mapBinOf(sem)]! += 1;
}

export function mergeMaps(a: CharacteristicMap, b: CharacteristicMap): CharacteristicMap {
  return { cells: a.cells.map((row, i) => row.map((n, j) => n + (b.cells[i]?.[j] ?? 0))), missing: a.missing + b.missing };
}

/** Pairs in the cells (the missing ones not included). */
export function mapTotal(map: CharacteristicMap): number {
  return map.cells.reduce((s, row) => s + row.reduce((t, n) => t + n, 0), 0);
}

/** Share of each cell among the pairs in cells (null when the map is empty). */
export function mapShares(map: CharacteristicMap): Array<Array<number | null>> {
  const total = mapTotal(map);
  return map.cells.map((row) => row.map((n) => (total === 0 ? null : n / total)));
}

/** Largest share over several maps: the common top of their colour scale. */
export function maxShare(maps: readonly CharacteristicMap[]): number {
  let max = 0;
  for (const map of maps) for (const row of mapShares(map)) for (const s of row) if (s !== null && s > max) max = s;
  return max;
}

/** Lower and upper edge of a measure bin ("0.2–0.4"; the top bin includes 1.0). */
export function measureBinLabel(bin: number): string {
  const lo = bin / MAP_BINS;
  const hi = (bin + 1) / MAP_BINS;
  return `${lo.toFixed(1)}–${hi.toFixed(1)}`;
}

/** Parses "SYN,SEM" (each 0-4), as in `/explore?cell=3,4`. */
export function parseCell(value: string | undefined | null): [number, number] | null {
  const m = /^([0-4]),([0-4])$/.exec(value ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** A map checked for shape (stored JSON, API input). */
export function isCharacteristicMap(value: unknown): value is CharacteristicMap {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<CharacteristicMap>;
  return (
    typeof v.missing === 'number' &&
    Array.isArray(v.cells) &&
    v.cells.length === MAP_BINS &&
    v.cells.every((row) => Array.isArray(row) && row.length === MAP_BINS && row.every((n) => typeof n === 'number'))
  );
}
