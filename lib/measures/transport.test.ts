/**
 * The transport solver against problems solved by hand and against exhaustive enumeration of
 * every integer transport plan on random small problems (an integer transportation problem has
 * an integral optimal vertex, so the enumeration finds the LP optimum).
 */
import { describe, expect, it } from 'vitest';
import { solveTransport } from '@/lib/measures/transport';
import { createRandom, type RandomSource } from '@/lib/stats/random';

/** Tries every non-negative integer plan with the given row and column sums. */
function bruteForceTransport(supplies: number[], demands: number[], cost: number[]): number {
  const m = demands.length;
  const left = [...demands];
  let best = Infinity;
  const visit = (i: number, j: number, rowLeft: number, acc: number): void => {
    if (i === supplies.length) {
      if (left.every((d) => d === 0)) best = Math.min(best, acc);
      return;
    }
    if (j === m - 1) {
      if (rowLeft > left[j]!) return;
      left[j]! -= rowLeft;
      visit(i + 1, 0, supplies[i + 1] ?? 0, acc + rowLeft * cost[i * m + j]!);
      left[j]! += rowLeft;
      return;
    }
    for (let x = 0; x <= Math.min(rowLeft, left[j]!); x += 1) {
      left[j]! -= x;
      visit(i, j + 1, rowLeft - x, acc + x * cost[i * m + j]!);
      left[j]! += x;
    }
  };
  visit(0, 0, supplies[0] ?? 0, 0);
  return best;
}

function randomSplit(total: number, parts: number, random: RandomSource): number[] {
  const out = new Array<number>(parts).fill(0);
  for (let k = 0; k < total; k += 1) out[random.nextInt(parts)]! += 1;
  return out;
}

describe('solveTransport', () => {
  it('solves hand-worked problems', () => {
    // 2 × 2: sending 1 unit each along the diagonal costs 1 + 1; the cross costs 4 + 4.
    expect(solveTransport([1, 1], [1, 1], [1, 4, 4, 1]).cost).toBe(2);
    // Supplies (3, 2), demands (2, 3), costs [[1, 2], [3, 1]]:
    // x12 = 3 − x11, x21 = 2 − x11, x22 = x11 → cost = x11 + 2(3 − x11) + 3(2 − x11) + x11 = 12 − 3·x11,
    // largest feasible x11 = 2 → 6 (plan [[2, 1], [0, 2]]).
    const s = solveTransport([3, 2], [2, 3], [1, 2, 3, 1]);
    expect(s.cost).toBe(6);
    expect(Array.from(s.flow)).toEqual([2, 1, 0, 2]);
    // 3 × 3 (supplies 20, 30, 50; demands 30, 40, 30), solved by hand with Vogel's start and MODI:
    // x13 = 20, x21 = 30, x32 = 40, x33 = 10 → 20·2 + 30·3 + 40·2 + 10·1 = 220 (scipy linprog agrees).
    const c3 = [8, 6, 2, 3, 5, 4, 7, 2, 1];
    expect(solveTransport([20, 30, 50], [30, 40, 30], c3).cost).toBe(bruteForceTransport([20, 30, 50], [30, 40, 30], c3));
    expect(solveTransport([20, 30, 50], [30, 40, 30], c3).cost).toBe(220);
  });

  it('moves nothing when nothing is to be moved and keeps zero costs at zero', () => {
    expect(solveTransport([], [], []).cost).toBe(0);
    expect(solveTransport([0, 0], [0], [5, 5]).cost).toBe(0);
    expect(solveTransport([2], [2], [0]).cost).toBe(0);
  });

  it('needs augmenting paths that undo earlier flow (the greedy choice is wrong here)', () => {
    // Costs [[1, 2], [2, 10]]: the cheapest edge (0 → 0, cost 1) forces supply 1 onto its cost-10
    // edge (total 11); the optimum routes 0 → 1 and 1 → 0 (2 + 2 = 4), so the second path undoes the first.
    const cost = [1, 2, 2, 10];
    expect(solveTransport([1, 1], [1, 1], cost).cost).toBe(4);
    expect(bruteForceTransport([1, 1], [1, 1], cost)).toBe(4);
  });

  it('matches exhaustive enumeration on 300 random small problems', () => {
    const random = createRandom(20261122);
    for (let trial = 0; trial < 300; trial += 1) {
      const n = 1 + random.nextInt(4);
      const m = 1 + random.nextInt(4);
      const total = 1 + random.nextInt(6);
      const supplies = randomSplit(total, n, random);
      const demands = randomSplit(total, m, random);
      const cost = Array.from({ length: n * m }, () => random.nextInt(1001) / 100);
      const solution = solveTransport(supplies, demands, cost);
      expect(solution.cost).toBeCloseTo(bruteForceTransport(supplies, demands, cost), 9);
      for (let i = 0; i < n; i += 1) {
        let row = 0;
        for (let j = 0; j < m; j += 1) row += solution.flow[i * m + j]!;
        expect(row).toBe(supplies[i]);
      }
      for (let j = 0; j < m; j += 1) {
        let col = 0;
        for (let i = 0; i < n; i += 1) col += solution.flow[i * m + j]!;
        expect(col).toBe(demands[j]);
      }
    }
  });

  it('rejects unequal totals, fractional amounts and invalid costs', () => {
    expect(() => solveTransport([1], [2], [1])).toThrow(RangeError);
    expect(() => solveTransport([0.5], [0.5], [1])).toThrow(RangeError);
    expect(() => solveTransport([1], [1], [Number.NaN])).toThrow(RangeError);
    expect(() => solveTransport([1], [1], [-1])).toThrow(RangeError);
    expect(() => solveTransport([1], [1], [1, 2])).toThrow(RangeError);
  });
});
