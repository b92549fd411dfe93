/**
 * Log-gamma, the regularized incomplete beta and the distributions built on them, against
 * values computed offline with Debian's python3-scipy 1.10.1 (scipy.special.gammaln,
 * scipy.special.betainc, scipy.stats.t.cdf / t.sf, scipy.stats.norm.ppf).
 */
import { describe, expect, it } from 'vitest';
import { computeNormalQuantile, computeStudentTCdf, computeStudentTTwoSidedP } from '@/lib/stats/probability-distributions';
import { logGamma, regularizedIncompleteBeta } from '@/lib/stats/special-functions';

function expectRelativelyClose(actual: number, expected: number, relativeTolerance: number): void {
  if (expected === 0) {
    expect(actual).toBe(0);
    return;
  }
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(relativeTolerance);
}

describe('logGamma (scipy.special.gammaln 1.10.1)', () => {
  const cases: [number, number][] = [
    [0.5, 0.5723649429247],
    [1, 0],
    [1.5, -0.12078223763524526],
    [2, 0],
    [3.7, 1.428072326665388],
    [10, 12.801827480081469],
    [100.5, 361.43554046777757],
    [1e5, 1051287.7089736569],
    [1e7, 151180949.36947393],
    [0.001, 6.907178885383853],
  ];
  for (const [x, expected] of cases) {
    it(`lnΓ(${x}) = ${expected}`, () => {
      expect(Math.abs(logGamma(x) - expected)).toBeLessThan(1e-13 * Math.max(1, Math.abs(expected)));
    });
  }
});

describe('regularizedIncompleteBeta (scipy.special.betainc 1.10.1)', () => {
  const cases: [number, number, number, number, number][] = [
    // x, a, b, expected, relative tolerance
    [0.5, 2, 3, 0.6875, 1e-14],
    [0.1, 0.5, 0.5, 0.2048327646991335, 1e-14],
    [0.9, 10, 0.5, 0.15164090963470997, 1e-13],
    [0.001, 50, 0.5, 7.962828044075768e-152, 1e-12],
    [0.3, 200, 200, 3.531078853356252e-17, 1e-12],
    [0.999, 1.5, 2.5, 0.9999999356016206, 1e-14],
    [0.5, 0.001, 0.001, 0.49999999999999983, 1e-14],
    // Very large a: log-gamma differences of numbers near 6e6 cost about 10 digits.
    [0.99999, 500000, 0.5, 0.0015653640068791653, 1e-9],
  ];
  for (const [x, a, b, expected, tolerance] of cases) {
    it(`I_${x}(${a}, ${b}) = ${expected}`, () => {
      expectRelativelyClose(regularizedIncompleteBeta(x, a, b), expected, tolerance);
    });
  }
  it('edges and invalid arguments', () => {
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
    expect(regularizedIncompleteBeta(0.5, 0, 3)).toBeNaN();
    expect(regularizedIncompleteBeta(1.5, 2, 3)).toBeNaN();
  });
});

describe("Student's t (scipy.stats.t 1.10.1)", () => {
  const cases: [number, number, number, number][] = [
    // t, df, cdf, two-sided p
    [0, 1, 0.5, 1],
    [1.5, 1, 0.8128329581890013, 0.3743340836219976],
    [-2.3, 3, 0.05249418032223499, 0.10498836064446998],
    [2.0, 10, 0.9633059826146297, 0.07338803477074039],
    [5, 30, 0.9999883516572665, 2.3296685467007786e-5],
    [-40, 7, 7.951089992425214e-10, 1.5902179984850428e-9],
    [0.7, 2.5, 0.7282975284052259, 0.5434049431895482],
    [12, 1000, 1, 4.32405738677458e-31],
  ];
  for (const [t, df, cdf, p] of cases) {
    it(`t = ${t}, df = ${df}`, () => {
      expectRelativelyClose(computeStudentTCdf(t, df), cdf, 1e-13);
      expectRelativelyClose(computeStudentTTwoSidedP(t, df), p, 1e-12);
    });
  }
  it('df = 100000 keeps 9 digits', () => {
    expectRelativelyClose(computeStudentTTwoSidedP(3.2, 100000), 0.001374704668924397, 1e-9);
  });
});

describe('normal quantile, AS 241 (scipy.stats.norm.ppf 1.10.1)', () => {
  const cases: [number, number][] = [
    [0.975, 1.959963984540054],
    [0.5, 0],
    [0.025, -1.9599639845400545],
    [0.9, 1.2815515655446004],
    [1e-5, -4.264890793922825],
    [1e-20, -9.262340089798409],
    [0.999999, 4.753424308817087],
    [0.3, -0.5244005127080409],
  ];
  for (const [p, expected] of cases) {
    it(`Φ⁻¹(${p}) = ${expected}`, () => {
      expect(Math.abs(computeNormalQuantile(p) - expected)).toBeLessThan(1e-14 * Math.max(1, Math.abs(expected)));
    });
  }
});
