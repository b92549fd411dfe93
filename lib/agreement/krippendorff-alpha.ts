/**
 * Krippendorff's alpha, α = 1 - D_o / D_e, from the coincidence matrix, with missing data,
 * following Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability" (Annenberg
 * School, Univ. of Pennsylvania), sections C (nominal data with missing values) and E
 * (metric differences):
 *   o_ck = Σ_u (number of c-k pairs in unit u) / (m_u - 1), over units with m_u >= 2;
 *   α = 1 - (n - 1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck, n = number of pairable values.
 * Metrics: nominal δ = [c != k]; interval (c - k)²; ratio ((c - k) / (c + k))²; ordinal
 * (Σ_{g=c..k} n_g - (n_c + n_k) / 2)², which depends on the marginals n_g of the pairable
 * values, i.e. on the ranks of the observed values, not on their numeric spacing. With
 * M_c = Σ_{g<c} n_g + n_c / 2 (the mid-rank of value c) the ordinal δ is (M_k - M_c)², the
 * interval metric on mid-ranks, which is how it is computed here.
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import { bootstrapGroupedUnits, type BootstrapOptions, type BootstrapResult } from '@/lib/agreement/bootstrap-intervals';
import {
  buildValueDomain,
  checkRatingMatrix,
  listObservedValues,
  type MeasurementLevel,
  type RatingMatrix,
  type RatingValue,
  type ValueDomain,
} from '@/lib/agreement/rating-values';
import {
  aggregateWeights,
  buildProfilesFromPatterns,
  buildProfilesFromUnitCounts,
  buildUnitPatterns,
  type UnitProfiles,
} from '@/lib/agreement/unit-profiles';
import { computeOrdinalMidRanks, createDistance, sumExpectedDisagreement } from '@/lib/agreement/krippendorff-metric';

export type AlphaEstimate = Estimate & {
  /** Pairable units: units with at least two ratings. */
  units: number;
  /** Ratings in pairable units (n). */
  pairableValues: number;
};

export interface AlphaOptions {
  level: MeasurementLevel;
  /** Ordered list of possible values (needed to order text values at the ordinal level). */
  categories?: readonly RatingValue[];
}

export const NO_PAIRABLE_UNITS = 'no unit has two or more ratings, so nothing is pairable';
export const SINGLE_VALUE = 'all pairable ratings have the same value, so expected disagreement is 0';

/**
 * Prepares α over a set of profiles; the returned function takes the multiplicity of each
 * profile (the data, or a bootstrap resample of it). Per-profile observed disagreement is
 * computed once for the fixed metrics; the ordinal metric depends on the resample's
 * marginals and is recomputed from the profile entries.
 */
export function createKrippendorffAlphaEvaluator(
  profiles: UnitProfiles,
  domain: ValueDomain,
  level: MeasurementLevel,
): (weights: ArrayLike<number>) => AlphaEstimate {
  const { profileCount, offsets, entryValue, entryCount, size, valueCount } = profiles;
  const fixedDistance = level === 'ordinal' ? null : createDistance(level, domain.numeric);
  const fixedDisagreement = new Float64Array(profileCount);
  if (fixedDistance) {
    for (let p = 0; p < profileCount; p++) {
      fixedDisagreement[p] = sumUnitDisagreement(profiles, p, fixedDistance);
    }
  }
  const marginals = new Float64Array(valueCount);

  return (weights) => {
    marginals.fill(0);
    let units = 0;
    for (let p = 0; p < profileCount; p++) {
      const w = weights[p] ?? 0;
      if (w === 0 || (size[p] ?? 0) < 2) continue;
      units += w;
      for (let e = offsets[p] ?? 0; e < (offsets[p + 1] ?? 0); e++) {
        const v = entryValue[e] ?? 0;
        marginals[v] = (marginals[v] ?? 0) + w * (entryCount[e] ?? 0);
      }
    }
    let n = 0;
    let distinct = 0;
    for (let v = 0; v < valueCount; v++) {
      n += marginals[v] ?? 0;
      if ((marginals[v] ?? 0) > 0) distinct++;
    }
    const counts = { units, pairableValues: n };
    if (n === 0) return { ...undefinedEstimate(NO_PAIRABLE_UNITS), ...counts };
    if (distinct < 2) return { ...undefinedEstimate(SINGLE_VALUE), ...counts };

    let distance = fixedDistance;
    let positions: Float64Array | null = domain.numeric;
    if (!distance) {
      positions = computeOrdinalMidRanks(marginals);
      distance = createDistance('interval', positions);
    }
    let observed = 0;
    for (let p = 0; p < profileCount; p++) {
      const w = weights[p] ?? 0;
      if (w === 0 || (size[p] ?? 0) < 2) continue;
      observed += w * (fixedDistance ? (fixedDisagreement[p] ?? 0) : sumUnitDisagreement(profiles, p, distance));
    }
    const expected = sumExpectedDisagreement(level, marginals, positions, distance);
    return { ...definedEstimate(1 - ((n - 1) * observed) / expected), ...counts };
  };
}

/** Σ_{c≠k} n_uc n_uk δ²_ck / (m_u - 1) for one profile: its contribution to Σ o_ck δ²_ck. */
function sumUnitDisagreement(profiles: UnitProfiles, p: number, distance: (c: number, k: number) => number): number {
  const start = profiles.offsets[p] ?? 0;
  const end = profiles.offsets[p + 1] ?? 0;
  let sum = 0;
  for (let i = start; i < end; i++) {
    for (let j = i + 1; j < end; j++) {
      sum +=
        2 *
        (profiles.entryCount[i] ?? 0) *
        (profiles.entryCount[j] ?? 0) *
        distance(profiles.entryValue[i] ?? 0, profiles.entryValue[j] ?? 0);
    }
  }
  return sum / ((profiles.size[p] ?? 0) - 1);
}

/** α from a coders x units matrix (null = missing rating). Throws AgreementInputError on invalid input. */
export function computeKrippendorffAlpha(ratings: RatingMatrix, options: AlphaOptions): AlphaEstimate {
  checkRatingMatrix(ratings);
  const domain = buildValueDomain(listObservedValues(ratings), options.level, options.categories);
  const patterns = buildUnitPatterns(ratings, domain);
  const { profiles, patternProfile } = buildProfilesFromPatterns(patterns, domain.values.length);
  const weights = aggregateWeights(patterns.multiplicity, patternProfile, profiles.profileCount);
  return createKrippendorffAlphaEvaluator(profiles, domain, options.level)(weights);
}

/**
 * α from per-unit value counts, e.g. `SELECT unit, value, count(*) ... GROUP BY unit, value`
 * turned into one Map per unit.
 */
export function computeKrippendorffAlphaFromUnits(
  units: ReadonlyArray<ReadonlyMap<RatingValue, number>>,
  options: AlphaOptions,
): AlphaEstimate {
  const observed = units.flatMap((unit) => [...unit.keys()]);
  const domain = buildValueDomain(observed, options.level, options.categories);
  const { profiles, unitProfile } = buildProfilesFromUnitCounts(units, domain);
  const weights = aggregateWeights(new Float64Array(units.length).fill(1), unitProfile, profiles.profileCount);
  return createKrippendorffAlphaEvaluator(profiles, domain, options.level)(weights);
}

/** Drops the counts of an AlphaEstimate, keeping the value or the reason. */
export function toEstimate(alpha: AlphaEstimate): Estimate {
  return alpha.value === null ? undefinedEstimate(alpha.reason) : { value: alpha.value };
}

/**
 * α with a percentile bootstrap interval, resampling the units that have at least one rating
 * (lib/agreement/bootstrap-intervals). Reuses the per-pattern counts in every resample.
 */
export function computeKrippendorffAlphaWithBootstrap(
  ratings: RatingMatrix,
  options: AlphaOptions,
  bootstrapOptions: BootstrapOptions = {},
): { alpha: AlphaEstimate; bootstrap: BootstrapResult<'krippendorffAlpha'> } {
  checkRatingMatrix(ratings);
  const domain = buildValueDomain(listObservedValues(ratings), options.level, options.categories);
  const patterns = buildUnitPatterns(ratings, domain);
  const { profiles, patternProfile } = buildProfilesFromPatterns(patterns, domain.values.length);
  const evaluate = createKrippendorffAlphaEvaluator(profiles, domain, options.level);
  const alpha = evaluate(aggregateWeights(patterns.multiplicity, patternProfile, profiles.profileCount));
  const bootstrap = bootstrapGroupedUnits(
    patterns.unitPattern,
    patterns.patternCount,
    ['krippendorffAlpha'],
    (weights) => ({
      krippendorffAlpha: toEstimate(evaluate(aggregateWeights(weights, patternProfile, profiles.profileCount))),
    }),
    bootstrapOptions,
  );
  return { alpha, bootstrap };
}
