/**
 * The model's characteristic map beside the humans' on a hand-placed example: cells[syn][sem] as in
 * lib/dashboards/characteristic-map.ts, both maps over the same pairs, pairs lacking a value apart.
 */
import { describe, expect, it } from 'vitest';
import { isCharacteristicMap } from '@/lib/dashboards/characteristic-map';
import { buildJudgeMaps } from './judge-maps';
import type { FinalLabel } from './judge-types';

const final = (value: number | null, open = false): FinalLabel => ({ value, open, method: open ? 'spread' : 'median' });

describe('buildJudgeMaps', () => {
  /**
   * pair | model syn sem | humans syn sem
   *   1  |   4     4     |   3      4
   *   2  |   0     1     |   0      1
   *   3  |   2     3     |   open   2     → lacking a human value
   *   4  |   1     —     |   1      1     → lacking a model value
   *   5  |   1     1     |   1      1
   */
  const maps = buildJudgeMaps({
    model: {
      syntactic: new Map([
        [1, 4],
        [2, 0],
        [3, 2],
        [4, 1],
        [5, 1],
      ]),
      semantic: new Map([
        [1, 4],
        [2, 1],
        [3, 3],
        [5, 1],
      ]),
    },
    humans: {
      syntactic: new Map([
        [1, final(3)],
        [2, final(0)],
        [3, final(null, true)],
        [4, final(1)],
        [5, final(1)],
      ]),
      semantic: new Map([
        [1, final(4)],
        [2, final(1)],
        [3, final(2)],
        [4, final(1)],
        [5, final(1)],
      ]),
    },
  });

  it('places the same pairs in both maps, syntactic first, and counts the others apart', () => {
    expect(maps.pairs).toBe(3);
    expect(maps.lacking).toEqual({ model: 1, humans: 1 });
    expect(maps.model.missing).toBe(2);
    expect([maps.model.cells[4]![4], maps.model.cells[0]![1], maps.model.cells[1]![1]]).toEqual([1, 1, 1]);
    expect([maps.humans.cells[3]![4], maps.humans.cells[0]![1], maps.humans.cells[1]![1]]).toEqual([1, 1, 1]);
    expect(maps.model.cells.flat().reduce((s, n) => s + n, 0)).toBe(3);
    expect(maps.model.pairIds[4]![4]).toEqual([1]);
    expect(maps.humans.pairIds[3]![4]).toEqual([1]);
    expect(isCharacteristicMap(maps.model) && isCharacteristicMap(maps.humans)).toBe(true);
  });

  it('gives the difference in counts and shares, and the pairs the model moved', () => {
    expect(maps.difference.cells[4]![4]).toBe(1);
    expect(maps.difference.cells[3]![4]).toBe(-1);
    expect(maps.difference.cells[0]![1]).toBe(0);
    expect(maps.difference.shares[4]![4]).toBeCloseTo(1 / 3, 12);
    expect(maps.difference.shares[3]![4]).toBeCloseTo(-1 / 3, 12);
    expect(maps.difference.pairIds[4]![4]).toEqual([1]);
    expect(maps.difference.pairIds[1]![1]).toEqual([]);
  });

  it('has no shares without pairs', () => {
    const empty = buildJudgeMaps({
      model: { syntactic: new Map([[1, 2]]), semantic: new Map() },
      humans: { syntactic: new Map(), semantic: new Map() },
    });
    expect(empty.pairs).toBe(0);
    expect(empty.difference.shares.flat().every((s) => s === null)).toBe(true);
    expect(empty.lacking).toEqual({ model: 1, humans: 1 });
  });
});
