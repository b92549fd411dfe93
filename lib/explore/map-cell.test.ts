import { describe, expect, it } from 'vitest';
import { MAP_BINS, mapBinOf } from '@/lib/sampling/strata';
import { mapBinEdge, mapBinRange } from './map-cell';

describe('map cell ranges', () => {
  it('put every value where lib/sampling/strata.ts bins it, at and around each edge', () => {
    const values = [-0.5, 0, 1, 1.2, 0.5, 0.39999, 0.6 - 1e-16, 0.6, 0.6 + 1e-16];
    for (let bin = 1; bin < MAP_BINS; bin++) {
      const edge = mapBinEdge(bin);
      values.push(edge, bin / MAP_BINS, edge - Number.EPSILON, edge + Number.EPSILON);
      // the double just below the edge is in the bin below
      const below = new DataView(new ArrayBuffer(8));
      below.setFloat64(0, edge);
      below.setBigUint64(0, below.getBigUint64(0) - 1n);
      expect(mapBinOf(below.getFloat64(0))).toBe(bin - 1);
      expect(mapBinOf(edge)).toBe(bin);
    }
    for (const v of values) {
      const inRange = Array.from({ length: MAP_BINS }, (_, bin) => bin).filter((bin) => {
        const r = mapBinRange(bin);
        return (r.min === null || v >= r.min) && (r.below === null || v < r.below);
      });
      expect(inRange, String(v)).toEqual([mapBinOf(v)]);
    }
  });
});
