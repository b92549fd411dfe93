/**
 * Distribution functions needed for p-values and confidence intervals of correlations:
 * Student's t (through the regularized incomplete beta, Abramowitz & Stegun 26.7.1 /
 * Numerical Recipes 3rd ed. sec. 6.14) and the standard normal quantile by Wichura's
 * algorithm AS 241 (Applied Statistics 37(3), 1988, PPND16, about 16 correct digits).
 */
import { regularizedIncompleteBeta } from '@/lib/stats/special-functions';

/** Two-sided tail P(|T| >= |t|) for Student's t with df > 0 degrees of freedom. */
export function computeStudentTTwoSidedP(t: number, df: number): number {
  if (!(df > 0) || Number.isNaN(t)) return Number.NaN;
  if (!Number.isFinite(t)) return 0;
  return regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** Cumulative distribution P(T <= t) of Student's t with df > 0 degrees of freedom. */
export function computeStudentTCdf(t: number, df: number): number {
  const tail = computeStudentTTwoSidedP(t, df) / 2;
  return t > 0 ? 1 - tail : tail;
}

const A = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457,
  67265.770927008700853, 33430.575583588128105, 2509.0809287301226727,
] as const;
const B = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061,
  28729.085735721942674, 5226.495278852854561,
] as const;
const C = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258,
  0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
] as const;
const D = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459, 0.0151986665636164571966,
  5.475938084995344946e-4, 1.05075007164441684324e-9,
] as const;
const E = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093,
  0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7,
] as const;
const F = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4, 1.8463183175100546818e-5,
  1.4215117583164458887e-7, 2.04426310338993978564e-15,
] as const;

function evaluatePolynomial(coefficients: readonly number[], x: number): number {
  let value = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) value = value * x + (coefficients[i] ?? 0);
  return value;
}

/** Standard normal quantile Φ⁻¹(p) for 0 < p < 1 (AS 241). */
export function computeNormalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return Number.NaN;
  }
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * evaluatePolynomial(A, r)) / evaluatePolynomial(B, r);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value = evaluatePolynomial(C, r) / evaluatePolynomial(D, r);
  } else {
    r -= 5;
    value = evaluatePolynomial(E, r) / evaluatePolynomial(F, r);
  }
  return q < 0 ? -value : value;
}
