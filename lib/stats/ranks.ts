/**
 * Average ("fractional") ranks, 1-based, with tied values sharing the mean of the ranks they
 * span: the tie rule of Spearman's rho (scipy.stats.rankdata method='average', R rank()).
 */

export function computeAverageRanks(values: readonly number[]): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  const ranks = new Float64Array(n);
  let start = 0;
  while (start < n) {
    let end = start + 1;
    const value = values[order[start] ?? 0];
    while (end < n && values[order[end] ?? 0] === value) end++;
    // Positions start..end-1 hold ranks start+1..end; their mean is (start + 1 + end) / 2.
    const rank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) ranks[order[i] ?? 0] = rank;
    start = end;
  }
  return ranks;
}
