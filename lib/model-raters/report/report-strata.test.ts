/** Strata of the judge report: characteristic-map cells of the final ratings, deciles by rank. */
import { describe, expect, it } from 'vitest';
import { decileStrata, mapCellStrata } from './report-strata';
import type { FinalLabel } from './judge-types';

const final = (value: number | null, open = false): FinalLabel => ({ value, open, method: 'median' });

describe('mapCellStrata', () => {
  it('labels decided pairs by their syntactic and semantic final ratings', () => {
    const { strata, order } = mapCellStrata(
      new Map([
        [1, final(3)],
        [2, final(null, true)],
        [3, final(0)],
      ]),
      new Map([
        [1, final(4)],
        [2, final(2)],
        [3, final(1)],
      ]),
    );
    expect(strata).toEqual(
      new Map([
        [1, 'cell:3,4'],
        [3, 'cell:0,1'],
      ]),
    );
    expect(order).toHaveLength(25);
    expect([order[0], order[24]]).toEqual(['cell:0,0', 'cell:4,4']);
  });
});

describe('decileStrata', () => {
  it('cuts twenty values into ten groups of two by rank', () => {
    const values = new Map(Array.from({ length: 20 }, (_, i) => [100 + i, (19 - i) / 10]));
    const { strata, ranges } = decileStrata(values);
    expect(strata.get(119)).toBe('D1');
    expect(strata.get(118)).toBe('D1');
    expect(strata.get(117)).toBe('D2');
    expect(strata.get(100)).toBe('D10');
    expect(ranges.D1).toEqual([0, 0.1]);
  });

  it('keeps tied values together and leaves non-finite values out', () => {
    const values = new Map([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 1],
      [5, Number.NaN],
    ]);
    const { strata } = decileStrata(values);
    expect([...strata.values()]).toEqual(['D1', 'D1', 'D1', 'D8']);
    expect(strata.has(5)).toBe(false);
  });
});
