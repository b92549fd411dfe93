/**
 * Fleiss' kappa for a fixed number m >= 2 of ratings per unit (Fleiss 1971, "Measuring
 * nominal scale agreement among many raters", Psychological Bulletin 76(5)):
 *   P_i = (Σ_j n_ij² - m) / (m (m - 1)), P̄ = mean P_i, p_j = Σ_i n_ij / (N m),
 *   P̄_e = Σ p_j², κ = (P̄ - P̄_e) / (1 - P̄_e).
 * Input is a unit x category count matrix (what pit2015's "(p, n)" and Twitter URL's "(n, 6)"
 * vote counts are) or the profiles of a rating matrix.
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import { AgreementInputError } from '@/lib/agreement/rating-values';
import type { UnitProfiles } from '@/lib/agreement/unit-profiles';

export const UNEQUAL_RATINGS = "units have different numbers of ratings; Fleiss' kappa needs the same number for every unit";
export const ONE_CATEGORY = 'only one category was used, so chance agreement is 1 and kappa is 0/0';

/** κ over profiles weighted by multiplicity (all profiles must have the same size). */
export function computeFleissKappaFromProfiles(profiles: UnitProfiles, weights: ArrayLike<number>): Estimate {
  const { profileCount, offsets, entryValue, entryCount, size } = profiles;
  let m = -1;
  let units = 0;
  let agreementSum = 0;
  const categoryTotals = new Float64Array(profiles.valueCount);
  for (let p = 0; p < profileCount; p++) {
    const w = weights[p] ?? 0;
    if (w === 0) continue;
    const mp = size[p] ?? 0;
    if (m === -1) m = mp;
    else if (mp !== m) return undefinedEstimate(UNEQUAL_RATINGS);
    let squares = 0;
    for (let e = offsets[p] ?? 0; e < (offsets[p + 1] ?? 0); e++) {
      const count = entryCount[e] ?? 0;
      squares += count * count;
      const v = entryValue[e] ?? 0;
      categoryTotals[v] = (categoryTotals[v] ?? 0) + w * count;
    }
    units += w;
    agreementSum += (w * (squares - mp)) / (mp * (mp - 1));
  }
  if (units === 0) return undefinedEstimate('no units');
  if (m < 2) return undefinedEstimate("every unit needs at least two ratings for Fleiss' kappa");
  let chance = 0;
  let used = 0;
  for (const total of categoryTotals) {
    const p = total / (units * m);
    chance += p * p;
    if (total > 0) used++;
  }
  if (used < 2) return undefinedEstimate(ONE_CATEGORY);
  return definedEstimate((agreementSum / units - chance) / (1 - chance));
}

/** κ from a unit x category count matrix: counts[i][j] raters put unit i in category j. */
export function computeFleissKappaFromCounts(counts: readonly (readonly number[])[]): Estimate {
  const categories = counts[0]?.length ?? 0;
  if (counts.length === 0 || categories === 0) throw new AgreementInputError('the count matrix is empty');
  const offsets = [0];
  const entryValue: number[] = [];
  const entryCount: number[] = [];
  const size: number[] = [];
  counts.forEach((row, i) => {
    if (row.length !== categories)
      throw new AgreementInputError(`count row ${i} has ${row.length} categories, row 0 has ${categories}`);
    let total = 0;
    row.forEach((count, j) => {
      if (!Number.isInteger(count) || count < 0)
        throw new AgreementInputError(`count [${i}][${j}] = ${count} is not a non-negative integer`);
      if (count > 0) {
        entryValue.push(j);
        entryCount.push(count);
        total += count;
      }
    });
    offsets.push(entryValue.length);
    size.push(total);
  });
  const profiles: UnitProfiles = {
    valueCount: categories,
    profileCount: counts.length,
    offsets: Int32Array.from(offsets),
    entryValue: Int32Array.from(entryValue),
    entryCount: Float64Array.from(entryCount),
    size: Float64Array.from(size),
  };
  return computeFleissKappaFromProfiles(profiles, new Float64Array(counts.length).fill(1));
}
