/**
 * All agreement coefficients of one rating matrix at once, plus bootstrap intervals, as the
 * `paralens agreement` command and the agreement dashboard report them. Which coefficient is
 * defined for which design (the others are null with a reason):
 * - Krippendorff's alpha, Gwet's AC1, percent and mean pairwise agreement: any number of
 *   coders, missing ratings allowed (only pairable units count; AC1's category shares also
 *   use units with one rating, as Gwet defines them);
 * - Fleiss' kappa: only when every coder rated every unit;
 * - Cohen's kappa: only for exactly two coders and no missing rating; the weighted ones only
 *   at an ordered level.
 */
import { computeCohenKappaFromTable } from '@/lib/agreement/cohen-kappa';
import { bootstrapGroupedUnits, type BootstrapOptions, type BootstrapResult } from '@/lib/agreement/bootstrap-intervals';
import { computeFleissKappaFromProfiles } from '@/lib/agreement/fleiss-kappa';
import { computeGwetAc1FromProfiles } from '@/lib/agreement/gwet-ac1';
import { createKrippendorffAlphaEvaluator, toEstimate } from '@/lib/agreement/krippendorff-alpha';
import { computeRawAgreementFromProfiles } from '@/lib/agreement/percent-agreement';
import {
  buildValueDomain,
  checkRatingMatrix,
  isOrderedLevel,
  listObservedValues,
  type MeasurementLevel,
  type RatingMatrix,
  type RatingValue,
} from '@/lib/agreement/rating-values';
import { aggregateWeights, buildProfilesFromPatterns, buildUnitPatterns } from '@/lib/agreement/unit-profiles';
import { undefinedEstimate, type Estimate } from '@/lib/stats/estimate';

export const AGREEMENT_COEFFICIENTS = [
  'krippendorffAlpha',
  'fleissKappa',
  'cohenKappa',
  'cohenKappaLinear',
  'cohenKappaQuadratic',
  'gwetAC1',
  'percentAgreement',
  'meanPairwiseAgreement',
] as const;
export type AgreementCoefficient = (typeof AGREEMENT_COEFFICIENTS)[number];

export interface AgreementInput {
  ratings: RatingMatrix;
  level: MeasurementLevel;
  categories?: readonly RatingValue[];
}

export interface AgreementReport {
  coefficients: Record<AgreementCoefficient, Estimate>;
  /** Pairable units (at least two ratings). */
  units: number;
  /** Ratings in pairable units. */
  pairableValues: number;
  coders: number;
}

interface PreparedAgreement {
  unitPattern: Int32Array;
  patternCount: number;
  multiplicity: Float64Array;
  coders: number;
  evaluate(patternWeights: ArrayLike<number>): Omit<AgreementReport, 'coders'>;
}

function prepareAgreement(input: AgreementInput): PreparedAgreement {
  const { coders, units: columns } = checkRatingMatrix(input.ratings);
  const domain = buildValueDomain(listObservedValues(input.ratings), input.level, input.categories);
  const patterns = buildUnitPatterns(input.ratings, domain);
  const { profiles, patternProfile } = buildProfilesFromPatterns(patterns, domain.values.length);
  const alpha = createKrippendorffAlphaEvaluator(profiles, domain, input.level);
  const valueCount = domain.values.length;

  let ratingCount = 0;
  for (let p = 0; p < patterns.patternCount; p++) {
    let rated = 0;
    for (let c = 0; c < coders; c++) if ((patterns.codes[p * coders + c] ?? -1) >= 0) rated++;
    ratingCount += rated * (patterns.multiplicity[p] ?? 0);
  }
  const complete = ratingCount === coders * columns;
  const fleissReason =
    coders < 2
      ? "Fleiss' kappa needs at least two coders"
      : complete
        ? null
        : "Fleiss' kappa needs a rating from every coder on every unit";
  const cohenReason =
    coders !== 2
      ? `Cohen's kappa needs exactly two coders (got ${coders})`
      : complete
        ? null
        : "Cohen's kappa needs both coders to rate every unit (there are missing ratings)";
  const weightedReason =
    cohenReason ?? (isOrderedLevel(input.level) ? null : 'weighted kappa needs an ordered level (ordinal, interval or ratio)');

  const cohenTable = (weights: ArrayLike<number>): number[][] => {
    const table = Array.from({ length: valueCount }, () => new Array<number>(valueCount).fill(0));
    for (let p = 0; p < patterns.patternCount; p++) {
      const w = weights[p] ?? 0;
      if (w === 0) continue;
      const row = table[patterns.codes[2 * p] ?? 0] ?? [];
      const j = patterns.codes[2 * p + 1] ?? 0;
      row[j] = (row[j] ?? 0) + w;
    }
    return table;
  };

  const evaluate = (patternWeights: ArrayLike<number>): Omit<AgreementReport, 'coders'> => {
    const weights = aggregateWeights(patternWeights, patternProfile, profiles.profileCount);
    const alphaEstimate = alpha(weights);
    const { units, pairableValues } = alphaEstimate;
    const table = cohenReason ? null : cohenTable(patternWeights);
    const cohen = (weighting: 'unweighted' | 'linear' | 'quadratic', reason: string | null): Estimate =>
      reason || !table ? undefinedEstimate(reason ?? 'no table') : computeCohenKappaFromTable(table, weighting);
    return {
      coefficients: {
        krippendorffAlpha: toEstimate(alphaEstimate),
        fleissKappa: fleissReason ? undefinedEstimate(fleissReason) : computeFleissKappaFromProfiles(profiles, weights),
        cohenKappa: cohen('unweighted', cohenReason),
        cohenKappaLinear: cohen('linear', weightedReason),
        cohenKappaQuadratic: cohen('quadratic', weightedReason),
        gwetAC1: computeGwetAc1FromProfiles(profiles, weights, valueCount),
        ...computeRawAgreementFromProfiles(profiles, weights),
      },
      units,
      pairableValues,
    };
  };

  return {
    unitPattern: patterns.unitPattern,
    patternCount: patterns.patternCount,
    multiplicity: patterns.multiplicity,
    coders,
    evaluate,
  };
}

/** Computes every coefficient; throws AgreementInputError on invalid input. */
export function computeAgreementReport(input: AgreementInput): AgreementReport {
  const prepared = prepareAgreement(input);
  return { ...prepared.evaluate(prepared.multiplicity), coders: prepared.coders };
}

/** Point estimates plus percentile bootstrap intervals over the units with at least one rating. */
export function computeAgreementReportWithBootstrap(
  input: AgreementInput,
  options: BootstrapOptions = {},
): { report: AgreementReport; bootstrap: BootstrapResult<AgreementCoefficient> } {
  const prepared = prepareAgreement(input);
  const report = { ...prepared.evaluate(prepared.multiplicity), coders: prepared.coders };
  const bootstrap = bootstrapGroupedUnits(
    prepared.unitPattern,
    prepared.patternCount,
    AGREEMENT_COEFFICIENTS,
    (weights) => prepared.evaluate(weights).coefficients,
    options,
  );
  return { report, bootstrap };
}
