/**
 * Gwet's AC1 for nominal ratings by any number of raters with missing ratings (Gwet 2008,
 * "Computing inter-rater reliability and its variance in the presence of high agreement",
 * Br. J. Math. Stat. Psychol. 61; Gwet, Handbook of Inter-Rater Reliability, 4th ed., 2014,
 * ch. 4), as in the irrCAC packages (R irrCAC::gwet.ac1.raw, Python irrCAC CAC.gwet):
 *   p_a = mean over units with r_i >= 2 of Σ_k r_ik (r_ik - 1) / (r_i (r_i - 1)),
 *   π_k = mean over units with r_i >= 1 of r_ik / r_i,
 *   p_e = Σ_k π_k (1 - π_k) / (q - 1),   AC1 = (p_a - p_e) / (1 - p_e).
 * q is the number of categories: the categories list if given, else the observed values.
 * Unlike kappa, chance agreement stays small when one category dominates (rare paraphrases).
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import type { UnitProfiles } from '@/lib/agreement/unit-profiles';

export function computeGwetAc1FromProfiles(profiles: UnitProfiles, weights: ArrayLike<number>, categoryCount: number): Estimate {
  if (categoryCount < 2) return undefinedEstimate('AC1 needs at least two categories (q - 1 = 0)');
  const { profileCount, offsets, entryValue, entryCount, size } = profiles;
  const classification = new Float64Array(profiles.valueCount);
  let ratedUnits = 0;
  let pairableUnits = 0;
  let agreementSum = 0;
  for (let p = 0; p < profileCount; p++) {
    const w = weights[p] ?? 0;
    const m = size[p] ?? 0;
    if (w === 0 || m < 1) continue;
    ratedUnits += w;
    let agreeingPairs = 0;
    for (let e = offsets[p] ?? 0; e < (offsets[p + 1] ?? 0); e++) {
      const count = entryCount[e] ?? 0;
      const v = entryValue[e] ?? 0;
      classification[v] = (classification[v] ?? 0) + (w * count) / m;
      agreeingPairs += count * (count - 1);
    }
    if (m >= 2) {
      pairableUnits += w;
      agreementSum += (w * agreeingPairs) / (m * (m - 1));
    }
  }
  if (pairableUnits === 0) return undefinedEstimate('no unit has two or more ratings');
  let chance = 0;
  for (const total of classification) {
    const pi = total / ratedUnits;
    chance += pi * (1 - pi);
  }
  chance /= categoryCount - 1;
  return definedEstimate((agreementSum / pairableUnits - chance) / (1 - chance));
}
