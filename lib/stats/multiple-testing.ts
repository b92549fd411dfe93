/**
 * The Benjamini–Yekutieli procedure (Benjamini and Yekutieli 2001, Annals of Statistics 29(4),
 * Theorem 1.3): false discovery rate control at level q under arbitrary dependence between the
 * tests. With the m p-values sorted ascending, p(1) <= … <= p(m), and H_m = 1 + 1/2 + … + 1/m,
 * reject the hypotheses of p(1) … p(k) for the largest k with p(k) <= (k/m) · q / H_m (a step-up
 * rule: a p-value above its own threshold is still rejected when a larger one passes).
 *
 * This is the alt-test notebook's `by_procedure` (nitaytech/AltTest at 18428b1;
 * docs/sources.md#alt-test), thresholds computed in its order, (k/m) · (q/H_m). statsmodels'
 * multipletests(method='fdr_by') makes the same decisions: it compares the sorted p-values with
 * (k/m) · q / H_m and rejects up to the last one below; it also returns adjusted p-values, which
 * this module does not. An undefined p-value (NaN in the notebook, null here) still counts in m,
 * sorts last and is never rejected, as numpy's argsort and comparisons with NaN make it there.
 */

/** The indices (into `pValues`, ascending) of the rejected hypotheses. */
export function rejectBenjaminiYekutieli(pValues: ReadonlyArray<number | null>, q: number): number[] {
  const m = pValues.length;
  if (m === 0) return [];
  let harmonic = 0;
  for (let k = 1; k <= m; k++) harmonic += 1 / k;
  const order = pValues
    .map((p, index) => ({ p, index }))
    .sort((a, b) => (a.p === null ? (b.p === null ? 0 : 1) : b.p === null ? -1 : a.p - b.p));
  let last = -1;
  order.forEach(({ p }, i) => {
    if (p !== null && p <= ((i + 1) / m) * (q / harmonic)) last = i;
  });
  return order
    .slice(0, last + 1)
    .map((o) => o.index)
    .sort((a, b) => a - b);
}
