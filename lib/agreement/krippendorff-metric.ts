/**
 * Metric differences δ² of Krippendorff (2011), section E, and the expected-disagreement sum
 * Σ_c Σ_k n_c n_k δ²_ck in O(V) for the metrics that are squared differences of positions
 * (nominal, interval, ordinal on mid-ranks), using Σ n_c n_k (x_c - x_k)² = 2 n Σ n_c (x_c - x̄)²
 * (mean-centred, so large values do not cancel); ratio takes the O(V²) double sum.
 */
import type { MeasurementLevel } from '@/lib/agreement/rating-values';

export function createDistance(level: MeasurementLevel, positions: Float64Array | null): (c: number, k: number) => number {
  if (level === 'nominal') return (c, k) => (c === k ? 0 : 1);
  if (!positions) throw new Error(`the ${level} metric needs numeric positions`);
  if (level === 'ratio') {
    return (c, k) => {
      const a = positions[c] ?? 0;
      const b = positions[k] ?? 0;
      // Krippendorff's ratio metric is 0 for equal values, including 0 and 0.
      return a === b ? 0 : ((a - b) / (a + b)) ** 2;
    };
  }
  return (c, k) => ((positions[c] ?? 0) - (positions[k] ?? 0)) ** 2;
}

/** M_c = Σ_{g<c} n_g + n_c / 2: with it the ordinal δ²_ck = (M_k - M_c)² (Krippendorff 2011, E.3). */
export function computeOrdinalMidRanks(marginals: Float64Array): Float64Array {
  const midRanks = new Float64Array(marginals.length);
  let below = 0;
  for (let v = 0; v < marginals.length; v++) {
    const n = marginals[v] ?? 0;
    midRanks[v] = below + n / 2;
    below += n;
  }
  return midRanks;
}

export function sumExpectedDisagreement(
  level: MeasurementLevel,
  marginals: Float64Array,
  positions: Float64Array | null,
  distance: (c: number, k: number) => number,
): number {
  let n = 0;
  let sumSquares = 0;
  for (let v = 0; v < marginals.length; v++) {
    const m = marginals[v] ?? 0;
    n += m;
    sumSquares += m * m;
  }
  if (level === 'nominal') return n * n - sumSquares;
  if (level === 'ratio' || !positions) {
    let sum = 0;
    for (let c = 0; c < marginals.length; c++) {
      const nc = marginals[c] ?? 0;
      if (nc === 0) continue;
      for (let k = c + 1; k < marginals.length; k++) {
        const nk = marginals[k] ?? 0;
        if (nk !== 0) sum += 2 * nc * nk * distance(c, k);
      }
    }
    return sum;
  }
  let mean = 0;
  for (let v = 0; v < marginals.length; v++) mean += (marginals[v] ?? 0) * (positions[v] ?? 0);
  mean /= n;
  let spread = 0;
  for (let v = 0; v < marginals.length; v++) {
    const m = marginals[v] ?? 0;
    if (m !== 0) spread += m * ((positions[v] ?? 0) - mean) ** 2;
  }
  return 2 * n * spread;
}
