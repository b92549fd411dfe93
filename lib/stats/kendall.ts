/**
 * Kendall's tau-b, tie-corrected: (P - Q) / sqrt((n0 - n1)(n0 - n2)) (Kendall 1945, "The
 * treatment of ties in ranking problems"), computed in O(n log n) with Knight's (1966)
 * merge-sort algorithm as scipy.stats.kendalltau does: sort by (x, y), count tied pairs in
 * x and jointly tied pairs, then count discordant pairs as inversions of y during a merge
 * sort.
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';

function countTiedPairs(sorted: ArrayLike<number>): number {
  let pairs = 0;
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]) {
      run++;
    } else {
      pairs += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return pairs;
}

/** Sorts `values` ascending in place and returns the number of inversions (i < j, v_i > v_j). */
function sortCountingInversions(values: Float64Array<ArrayBuffer>): number {
  const n = values.length;
  let source = values;
  let target = new Float64Array(n);
  let inversions = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        const left = source[i] ?? 0;
        const right = source[j] ?? 0;
        if (right < left) {
          target[k++] = right;
          j++;
          inversions += mid - i;
        } else {
          target[k++] = left;
          i++;
        }
      }
      while (i < mid) target[k++] = source[i++] ?? 0;
      while (j < hi) target[k++] = source[j++] ?? 0;
    }
    [source, target] = [target, source];
  }
  if (source !== values) values.set(source);
  return inversions;
}

export function computeKendallTauB(x: readonly number[], y: readonly number[]): Estimate {
  if (x.length !== y.length) throw new RangeError('x and y must have the same length');
  const n = x.length;
  if (n < 2) return undefinedEstimate('needs at least 2 pairs');
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => (x[a] ?? 0) - (x[b] ?? 0) || (y[a] ?? 0) - (y[b] ?? 0));
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = x[order[i] ?? 0] ?? 0;
    ys[i] = y[order[i] ?? 0] ?? 0;
  }
  const tiedX = countTiedPairs(xs);
  let tiedXY = 0;
  let run = 1;
  for (let i = 1; i <= n; i++) {
    if (i < n && xs[i] === xs[i - 1] && ys[i] === ys[i - 1]) {
      run++;
    } else {
      tiedXY += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  const discordant = sortCountingInversions(ys);
  const tiedY = countTiedPairs(ys);
  const totalPairs = (n * (n - 1)) / 2;
  if (totalPairs === tiedX) return undefinedEstimate('x is constant');
  if (totalPairs === tiedY) return undefinedEstimate('y is constant');
  const concordantMinusDiscordant = totalPairs - tiedX - tiedY + tiedXY - 2 * discordant;
  const tau = concordantMinusDiscordant / (Math.sqrt(totalPairs - tiedX) * Math.sqrt(totalPairs - tiedY));
  return definedEstimate(Math.max(-1, Math.min(1, tau)));
}
