/**
 * Correlation coefficients against SciPy's own test suite (scipy/scipy,
 * scipy/stats/tests/test_stats.py: TestPearsonrWilkinson, TestPearsonr, TestCorrSpearmanr,
 * TestCorrSpearmanr2, test_kendalltau) and against values computed offline with Debian's
 * python3-scipy 1.10.1 (scipy.stats.pearsonr / spearmanr / kendalltau).
 */
import { describe, expect, it } from 'vitest';
import { computeKendallTauB } from '@/lib/stats/kendall';
import { computePearson } from '@/lib/stats/pearson';
import { createRandom } from '@/lib/stats/random';
import { computeSpearman } from '@/lib/stats/spearman';

function valueOf(estimate: { value: number | null }): number {
  if (estimate.value === null) throw new Error('expected a defined estimate');
  return estimate.value;
}

// Wilkinson's "nasty" data sets (Wilkinson, Statistics Quiz, W.II.D), as defined at the top
// of scipy's test_stats.py. Every correlation between them must be exactly 1.
const X = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const BIG = [99999991, 99999992, 99999993, 99999994, 99999995, 99999996, 99999997, 99999998, 99999999];
const LITTLE = [0.99999991, 0.99999992, 0.99999993, 0.99999994, 0.99999995, 0.99999996, 0.99999997, 0.99999998, 0.99999999];
const HUGE = [1e12, 2e12, 3e12, 4e12, 5e12, 6e12, 7e12, 8e12, 9e12];
const TINY = [1e-12, 2e-12, 3e-12, 4e-12, 5e-12, 6e-12, 7e-12, 8e-12, 9e-12];
const ROUND = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5];
const ZERO = [0, 0, 0, 0, 0, 0, 0, 0, 0];
const WILKINSON = { X, BIG, LITTLE, HUGE, TINY, ROUND };

describe("Pearson's r", () => {
  describe('Wilkinson ill-conditioned data (scipy TestPearsonrWilkinson)', () => {
    for (const [nameA, a] of Object.entries(WILKINSON)) {
      for (const [nameB, b] of Object.entries(WILKINSON)) {
        it(`r(${nameA}, ${nameB}) = 1`, () => {
          // scipy asserts 7 significant digits; a mean-centred two-pass computation does far better.
          expect(valueOf(computePearson(a, b))).toBeCloseTo(1, 12);
        });
      }
    }
    it('ZERO has an undefined correlation (W.II.D: "undefined or missing")', () => {
      expect(computePearson(X, ZERO)).toEqual({ value: null, reason: 'y is constant' });
      expect(computePearson(ZERO, X)).toEqual({ value: null, reason: 'x is constant' });
    });
  });

  it('scipy TestPearsonr.test_basic: r([-1,0,1],[0,0,3]) = sqrt(3)/2', () => {
    expect(valueOf(computePearson([-1, 0, 1], [0, 0, 3]))).toBeCloseTo(Math.sqrt(3) / 2, 15);
  });

  it('scipy TestPearsonr.test_basic_example (R 3.6.2 cor.test): 0.6741998624632421', () => {
    expect(valueOf(computePearson([1, 2, 3, 4], [0, 1, 0.5, 1]))).toBeCloseTo(0.6741998624632421, 14);
  });

  it('scipy test_very_small_input_values (mpmath, 80 digits): 0.7272930540750450', () => {
    const x = [0.004434375, 0.004756007, 0.003911996, 0.0038005, 0.003409971];
    const y = [2.48e-188, 7.41e-181, 4.09e-208, 2.08e-223, 2.66e-245];
    expect(valueOf(computePearson(x, y))).toBeCloseTo(0.727293054075045, 13);
  });

  it('scipy test_very_large_input_values (mpmath): 0.8660254037844386', () => {
    const x = [0, 0, 0, 1, 1, 1, 1].map((v) => v * 1e90);
    const y = [0, 1, 2, 3, 4, 5, 6].map((v) => v * 1e90);
    expect(valueOf(computePearson(x, y))).toBeCloseTo(0.8660254037844386, 14);
  });

  it('scipy test_extremely_large_input_values (mpmath): 0.351312332103289', () => {
    const x = [2.3e200, 4.5e200, 6.7e200, 8e200];
    const y = [1.2e199, 5.5e200, 3.3e201, 1.0e200];
    expect(valueOf(computePearson(x, y))).toBeCloseTo(0.351312332103289, 13);
  });

  it('scipy test_length_two_pos1 / neg1: r = ±1 for two points', () => {
    expect(valueOf(computePearson([1, 2], [3, 5]))).toBe(1);
    expect(valueOf(computePearson([2, 1], [3, 5]))).toBe(-1);
  });

  it('scipy test_constant_input: a constant variable gives null, not NaN', () => {
    expect(computePearson([0.667, 0.667, 0.667], [0.123, 0.456, 0.789]).value).toBeNull();
  });

  it('n < 2 is undefined', () => {
    expect(computePearson([1], [2])).toEqual({ value: null, reason: 'needs at least 2 pairs' });
    expect(computePearson([], []).value).toBeNull();
  });

  it('a 1e8 offset gives the same r as the unshifted data (exactly representable shifts)', () => {
    const x = [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7];
    const y = [0, 6, 5, 5.5, 4.5, 10.5, 4, 3, 9, 2.5, 8.5];
    const r = valueOf(computePearson(x, y));
    const shifted = valueOf(
      computePearson(
        x.map((v) => v + 1e8),
        y.map((v) => 1e8 + v / 4),
      ),
    );
    expect(shifted).toBeCloseTo(r, 14);
    // A one-pass sum-of-squares formula breaks down here (Σx² ≈ 1.1e17 > 2^53): wrong or NaN.
    const naive = (() => {
      const a = x.map((v) => v + 1e8);
      const b = y.map((v) => 1e8 + v / 4);
      const n = a.length;
      const sa = a.reduce((s, v) => s + v, 0);
      const sb = b.reduce((s, v) => s + v, 0);
      const saa = a.reduce((s, v) => s + v * v, 0);
      const sbb = b.reduce((s, v) => s + v * v, 0);
      const sab = a.reduce((s, v, i) => s + v * (b[i] ?? 0), 0);
      return (n * sab - sa * sb) / Math.sqrt((n * saa - sa * sa) * (n * sbb - sb * sb));
    })();
    expect(Number.isNaN(naive) || Math.abs(naive - r) > 1e-6).toBe(true);
  });
});

// A tie-heavy data set; expected values from Debian python3-scipy 1.10.1, computed offline.
const TIED_X = [
  0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 0, 4, 8, 1, 5, 9, 2,
];
const TIED_Y = [
  0, 6, 5, 5.5, 4.5, 10.5, 4, 3, 9, 2.5, 8.5, 2, 8, 7, 0.5, 6.5, 5.5, 6, 5, 11, 4.5, 3.5, 4, 3, 9, 2.5, 8.5, 7.5, 1, 7, 6, 6.5,
  5.5, 6, 5, 4, 4.5, 3.5, 9.5, 3,
];

describe("Spearman's rho", () => {
  it('scipy TestCorrSpearmanr: Wilkinson data sets correlate exactly 1', () => {
    for (const a of Object.values(WILKINSON)) {
      for (const b of Object.values(WILKINSON)) expect(valueOf(computeSpearman(a, b))).toBeCloseTo(1, 14);
    }
  });

  it('scipy test_spearmanr_vs_r (R cor.test): rho([1..5],[5,6,7,8,7]) = 0.82078268166812329', () => {
    expect(valueOf(computeSpearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]))).toBeCloseTo(0.8207826816681233, 14);
  });

  it('scipy test_tie1: rho equals Pearson r of the average ranks', () => {
    const rho = valueOf(computeSpearman([1, 2, 3, 4], [1, 2, 2, 3]));
    expect(rho).toBeCloseTo(valueOf(computePearson([1, 2, 3, 4], [1, 2.5, 2.5, 4])), 15);
  });

  it('scipy test_3cols: rho([0..5],[0,1,2,3,5,4]) = 0.94285714', () => {
    expect(valueOf(computeSpearman([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 5, 4]))).toBeCloseTo(0.9428571428571428, 14);
  });

  it('scipy test_corr_1: rho([1,1,2],[1,1,2]) = 1', () => {
    expect(valueOf(computeSpearman([1, 1, 2], [1, 1, 2]))).toBeCloseTo(1, 15);
  });

  it('scipy test_tie0: only ties gives null', () => {
    expect(computeSpearman([2, 2, 2], [2, 2, 2]).value).toBeNull();
    expect(computeSpearman([2, 0, 2], [2, 2, 2]).value).toBeNull();
  });

  it('tie-heavy data matches scipy.stats.spearmanr 1.10.1 (0.6218056734871439)', () => {
    expect(valueOf(computeSpearman(TIED_X, TIED_Y))).toBeCloseTo(0.6218056734871439, 14);
    expect(valueOf(computePearson(TIED_X, TIED_Y))).toBeCloseTo(0.6491059629696321, 14);
  });
});

function bruteForceTauB(x: readonly number[], y: readonly number[]): number {
  let s = 0;
  let tiesX = 0;
  let tiesY = 0;
  let pairs = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign((x[i] ?? 0) - (x[j] ?? 0));
      const dy = Math.sign((y[i] ?? 0) - (y[j] ?? 0));
      pairs++;
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      s += dx * dy;
    }
  }
  return s / Math.sqrt((pairs - tiesX) * (pairs - tiesY));
}

describe("Kendall's tau-b", () => {
  it('scipy test_kendalltau (R cor.test): tau([12,2,1,12,2],[1,4,7,1,0]) = -0.47140452079103173', () => {
    expect(valueOf(computeKendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]))).toBeCloseTo(-0.47140452079103173, 15);
  });

  it('scipy test_kendalltau (R, exact): no ties, con - dis = 0 and close to 0', () => {
    expect(valueOf(computeKendallTauB([5, 2, 1, 3, 6, 4, 7, 8], [5, 2, 6, 3, 1, 8, 7, 4]))).toBe(0);
    expect(valueOf(computeKendallTauB([5, 2, 1, 3, 6, 4, 7], [5, 2, 6, 3, 1, 7, 4]))).toBeCloseTo(-0.14285714286, 10);
  });

  it('scipy test_kendalltau: only ties in one input gives null', () => {
    expect(computeKendallTauB([2, 2, 2], [2, 2, 2]).value).toBeNull();
    expect(computeKendallTauB([2, 0, 2], [2, 2, 2]).value).toBeNull();
    expect(computeKendallTauB([], []).value).toBeNull();
  });

  it('tie-heavy data matches scipy.stats.kendalltau 1.10.1 (0.4882490460804851)', () => {
    expect(valueOf(computeKendallTauB(TIED_X, TIED_Y))).toBeCloseTo(0.4882490460804851, 14);
  });

  it('the O(n log n) merge-sort count agrees with the O(n²) definition on random tied data', () => {
    const random = createRandom(20240501);
    for (let trial = 0; trial < 20; trial++) {
      const n = 2 + random.nextInt(300);
      const x = Array.from({ length: n }, () => random.nextInt(7));
      const y = Array.from({ length: n }, () => random.nextInt(5) + 0.1 * random.nextInt(3));
      const tau = computeKendallTauB(x, y);
      if (tau.value === null) continue;
      expect(tau.value).toBeCloseTo(bruteForceTauB(x, y), 12);
    }
  });
});
