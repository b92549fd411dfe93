/**
 * Agreement without chance correction, over pairable units (at least two ratings):
 * - percent agreement: the share of units on which all ratings are identical (the "total
 *   agreement" of the Spanish QA assessment study and of most annotation tools);
 * - mean pairwise agreement: per unit, the share of rating pairs that agree,
 *   Σ_k n_k (n_k - 1) / (m (m - 1)), averaged over units. This is Fleiss' (1971) P̄ and Gwet's
 *   p_a, and equals the share of agreeing coder pairs when every unit has the same coders.
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import type { UnitProfiles } from '@/lib/agreement/unit-profiles';

export interface RawAgreement {
  percentAgreement: Estimate;
  meanPairwiseAgreement: Estimate;
}

export function computeRawAgreementFromProfiles(profiles: UnitProfiles, weights: ArrayLike<number>): RawAgreement {
  const { profileCount, offsets, entryCount, size } = profiles;
  let units = 0;
  let unanimous = 0;
  let pairwise = 0;
  for (let p = 0; p < profileCount; p++) {
    const w = weights[p] ?? 0;
    const m = size[p] ?? 0;
    if (w === 0 || m < 2) continue;
    units += w;
    const start = offsets[p] ?? 0;
    const end = offsets[p + 1] ?? 0;
    if (end - start === 1) unanimous += w;
    let agreeingPairs = 0;
    for (let e = start; e < end; e++) {
      const count = entryCount[e] ?? 0;
      agreeingPairs += count * (count - 1);
    }
    pairwise += (w * agreeingPairs) / (m * (m - 1));
  }
  if (units === 0) {
    const none = undefinedEstimate('no unit has two or more ratings');
    return { percentAgreement: none, meanPairwiseAgreement: none };
  }
  return {
    percentAgreement: definedEstimate(unanimous / units),
    meanPairwiseAgreement: definedEstimate(pairwise / units),
  };
}
