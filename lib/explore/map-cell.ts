/**
 * Characteristic-map cells as value ranges: bin i of an axis holds exactly the values v with
 * edge(i) ≤ v < edge(i + 1), where edge(i) is the smallest double whose bin (lib/sampling/strata.ts:
 * floor(v · 5), clamped) is at least i. A range is what an index and the planner's statistics
 * understand; computing the edges from the same floating-point expression keeps values on and next
 * to the edges in the same bin as the sampler and the dashboards put them. Pure.
 */
import { MAP_BINS, mapBinOf } from '@/lib/sampling/strata';

const view = new DataView(new ArrayBuffer(8));

/** The next double towards -∞ (for positive finite x). */
function nextDown(x: number): number {
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

function nextUp(x: number): number {
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

/** The smallest double v with mapBinOf(v) ≥ bin (1 ≤ bin < MAP_BINS). */
export function mapBinEdge(bin: number): number {
  let v = bin / MAP_BINS;
  while (mapBinOf(v) >= bin) v = nextDown(v);
  while (mapBinOf(v) < bin) v = nextUp(v);
  return v;
}

/**
 * The value range of a bin on one axis: lower bound inclusive, upper exclusive; null = unbounded
 * (bin 0 takes everything below, the top bin 1.0 and above).
 */
export function mapBinRange(bin: number): { min: number | null; below: number | null } {
  return { min: bin > 0 ? mapBinEdge(bin) : null, below: bin < MAP_BINS - 1 ? mapBinEdge(bin + 1) : null };
}
