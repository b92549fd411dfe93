/**
 * Strata of a campaign sample: equal-width bins of one measure over the candidates' range (the
 * EACL 2023 study sampled its 300 pairs stratified by Δsem,syn this way), or the cells of the
 * characteristic map (paper Fig. 2: syn and sem each in five equal-width bins on [0, 1], 1.0 in the
 * top bin). The SQL draw (lib/db/campaigns/sampling.ts) computes exactly these expressions in double
 * precision; a database test compares it with this module. Pure.
 */

/** Cells per axis of the characteristic map. */
export const MAP_BINS = 5;
export const DEFAULT_BINS = 5;

/**
 * Bin of `value` among `bins` equal-width bins over [min, max]; the maximum falls in the top bin.
 * A range of one value puts everything in bin 0. The order of the operations matters: the SQL
 * evaluates `floor((v - min) / (max - min) * bins)` in the same order, so both round alike.
 */
export function binOf(value: number, min: number, max: number, bins: number): number {
  if (!(max > min)) return 0;
  const bin = Math.floor(((value - min) / (max - min)) * bins);
  return Math.max(0, Math.min(bins - 1, bin));
}

/** Cell index on one axis of the map: [0, 1] in five bins, 1.0 (and anything above) in the top one. */
export function mapBinOf(value: number): number {
  return Math.max(0, Math.min(MAP_BINS - 1, Math.floor(value * MAP_BINS)));
}

/** "delta:2" — the stratum label of bin 2 of delta (bins count from 0). */
export function measureStratum(measure: string, bin: number): string {
  return `${measure}:${bin}`;
}

/** "cell:3,4" — syntactic bin 3, semantic bin 4 (the map's x and y). */
export function cellStratum(syn: number, sem: number): string {
  return `cell:${mapBinOf(syn)},${mapBinOf(sem)}`;
}

/** Lower and upper edge of each bin, for the campaign's record of how it was drawn. */
export function binEdges(min: number, max: number, bins: number): Array<[number, number]> {
  const width = (max - min) / bins;
  return Array.from({ length: bins }, (_, i) => [min + i * width, i === bins - 1 ? max : min + (i + 1) * width]);
}
