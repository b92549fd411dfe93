/**
 * Agreement on one campaign question, as the dashboard and `GET /api/v1/campaigns/{id}/agreement`
 * report it. The coefficients are lib/agreement's; this module only decides which apply:
 * - Likert: Krippendorff's alpha at the ordinal level as the headline, interval beside it, mean
 *   pairwise Cohen's kappa quadratic-weighted; booleans, relations (six categories, stored order)
 *   and nominal choices: nominal alpha and unweighted kappa; ordinal choices: ordinal alpha;
 * - Fleiss' kappa on the complete units: those with the most common number of ratings (from the
 *   unit × category counts, so coders may differ between units), the others counted as left out;
 * - Gwet's AC1 for binary questions; percent agreement always; units, pairable values, raters.
 * An undefined coefficient is null with its reason, never 0 or 1. Pure.
 */
import { computeAgreementReport, computeAgreementReportWithBootstrap } from '@/lib/agreement/agreement-report';
import { computeCohenKappa } from '@/lib/agreement/cohen-kappa';
import { computeFleissKappaFromCounts } from '@/lib/agreement/fleiss-kappa';
import { AgreementInputError, type MeasurementLevel, type RatingValue } from '@/lib/agreement/rating-values';
import type { Question } from '@/lib/annotation/questions';
import { isRelation, MERGED_RELATIONS, mergeRelationDirection, RELATIONS } from '@/lib/annotation/relations';
import { undefinedEstimate, type Estimate } from '@/lib/stats/estimate';

/** Ratings as lib/db/dashboards/campaign-ratings.ts loads them: ratings[coder][unit], null = not rated. */
export interface RatingTable {
  coders: string[];
  units: number[];
  ratings: Array<Array<number | string | boolean | null>>;
}

export interface AgreementScheme {
  level: 'ordinal' | 'nominal';
  categories: RatingValue[];
  binary: boolean;
  likert: boolean;
}

/** How a question is scored; null for questions agreement does not apply to (free text). */
export function agreementScheme(question: Question): AgreementScheme | null {
  switch (question.type) {
    case 'likert':
      return { level: 'ordinal', categories: [0, 1, 2, 3, 4], binary: false, likert: true };
    case 'boolean':
      return { level: 'nominal', categories: ['no', 'yes'], binary: true, likert: false };
    case 'relation':
      return { level: 'nominal', categories: [...RELATIONS], binary: false, likert: false };
    case 'choice': {
      const categories = (question.options ?? []).map((o) => o.value);
      return {
        level: question.level === 'ordinal' ? 'ordinal' : 'nominal',
        categories,
        binary: categories.length === 2,
        likert: false,
      };
    }
    case 'text':
      return null;
  }
}

/** Stored answer → agreement value (booleans as "yes"/"no"; lib/agreement takes numbers and strings). */
export function toRatingValue(value: number | string | boolean | null | undefined): RatingValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

export function toRatingMatrix(table: RatingTable): Array<Array<RatingValue | null>> {
  return table.ratings.map((row) => row.map(toRatingValue));
}

export interface QuestionAgreement {
  level: 'ordinal' | 'nominal';
  krippendorffAlpha: number | null;
  krippendorffAlphaInterval?: number | null;
  fleissKappa: number | null;
  meanCohenKappa: number | null;
  percentAgreement: number | null;
  gwetAC1?: number | null;
  /** the units Fleiss' kappa used (those with the most common number of ratings) and those left out */
  fleissUnits?: FleissUnits;
  /** which annotator pairs the mean pairwise kappa used */
  cohenPairs?: KappaPairUse;
  units: number;
  pairableValues: number;
  raters: number;
  ci95?: { krippendorffAlpha: [number, number] | null; bootstrap: { resamples: number; seed: number } };
  /** why the headline alpha is undefined */
  undefinedReason?: string;
  /** why each undefined coefficient is undefined */
  reasons: Record<string, string>;
}

/**
 * The units Fleiss' kappa used: it needs the same number of ratings m on every unit, so it is computed
 * on the units with the most common number of ratings (two or more; a tie goes to the larger number),
 * and the other rated units are counted as left out (`fewer` of them with fewer ratings than m).
 */
export interface FleissUnits {
  ratings: number;
  used: number;
  leftOut: number;
  fewer: number;
}

/** Fleiss' kappa from unit × category counts of the complete units (see FleissUnits), with the units it used. */
export function computeFleissForTable(
  matrix: ReadonlyArray<ReadonlyArray<RatingValue | null>>,
  categories: readonly RatingValue[],
): { estimate: Estimate; units: FleissUnits | null } {
  const index = new Map(categories.map((c, i) => [c, i]));
  const units = matrix[0]?.length ?? 0;
  const counts: Array<{ row: number[]; rated: number }> = [];
  for (let u = 0; u < units; u++) {
    const row = new Array<number>(categories.length).fill(0);
    let rated = 0;
    for (const coder of matrix) {
      const v = coder[u];
      if (v === null || v === undefined) continue;
      const i = index.get(v);
      if (i !== undefined) row[i]! += 1;
      rated += 1;
    }
    if (rated > 0) counts.push({ row, rated });
  }
  if (counts.length === 0) return { estimate: undefinedEstimate('no rated units'), units: null };
  const bySize = new Map<number, number>();
  for (const c of counts) if (c.rated >= 2) bySize.set(c.rated, (bySize.get(c.rated) ?? 0) + 1);
  const [m] = [...bySize.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [];
  if (m === undefined) return { estimate: undefinedEstimate('no pair has two ratings or more'), units: null };
  const used = counts.filter((c) => c.rated === m);
  return {
    estimate: computeFleissKappaFromCounts(used.map((c) => c.row)),
    units: {
      ratings: m,
      used: used.length,
      leftOut: counts.length - used.length,
      fewer: counts.filter((c) => c.rated < m).length,
    },
  };
}

/** "Fleiss' κ uses the 392 pairs with 3 ratings each; 1 pair with fewer was left out." (null when none was left out) */
export function describeFleissUnits(units: FleissUnits | undefined | null): string | null {
  if (!units || units.leftOut === 0) return null;
  const pairs = (n: number) => `${n.toLocaleString('en')} pair${n === 1 ? '' : 's'}`;
  const which = units.fewer === units.leftOut ? 'with fewer' : units.fewer === 0 ? 'with more' : 'with another number of ratings';
  return `Fleiss' κ uses the ${pairs(units.used)} with ${units.ratings} ratings each; ${pairs(units.leftOut)} ${which} ${
    units.leftOut === 1 ? 'was' : 'were'
  } left out.`;
}

export interface CoderPairKappa {
  a: string;
  b: string;
  n: number;
  kappa: Estimate;
}

/** Cohen's kappa of every pair of coders over the units both rated (quadratic for Likert). */
export function computePairwiseKappas(table: RatingTable, scheme: AgreementScheme): CoderPairKappa[] {
  const matrix = toRatingMatrix(table);
  const out: CoderPairKappa[] = [];
  for (let i = 0; i < matrix.length; i++) {
    for (let j = i + 1; j < matrix.length; j++) {
      const a: RatingValue[] = [];
      const b: RatingValue[] = [];
      matrix[i]!.forEach((v, u) => {
        const w = matrix[j]![u];
        if (v !== null && w !== null && w !== undefined) {
          a.push(v);
          b.push(w);
        }
      });
      const kappa =
        a.length === 0
          ? undefinedEstimate('no unit was rated by both coders')
          : computeCohenKappa(a, b, { weighting: scheme.likert ? 'quadratic' : 'unweighted', categories: scheme.categories });
      out.push({ a: table.coders[i]!, b: table.coders[j]!, n: a.length, kappa });
    }
  }
  return out;
}

/** Annotator pairs that share fewer rated pairs than this are left out of the mean pairwise kappa (default). */
export const DEFAULT_MIN_SHARED_PAIRS = 10;

export interface KappaPairUse {
  /** annotator pairs whose kappa entered the mean */
  used: number;
  /** annotator pairs sharing fewer than `minShared` rated pairs */
  tooFewShared: number;
  /** annotator pairs with enough shared pairs whose kappa is undefined (e.g. one label only) */
  undefinedKappa: number;
  minShared: number;
}

/**
 * The mean of Cohen's kappa over annotator pairs that share at least `minShared` rated pairs: in
 * sparse designs a pair sharing one disagreed item would count as kappa = 0 and one sharing one
 * agreed item would vanish (undefined), so few shared items bias the mean (the interviews data:
 * 0.088 with every pair, 0.113 with two shared items or more).
 */
export function meanPairwiseKappa(
  allPairs: readonly CoderPairKappa[],
  minShared = DEFAULT_MIN_SHARED_PAIRS,
): { estimate: Estimate; use: KappaPairUse } {
  // Annotator pairs that rated nothing together are no pairs of this design at all: not counted anywhere.
  const pairs = allPairs.filter((p) => p.n > 0);
  const enough = pairs.filter((p) => p.n >= minShared);
  const defined = enough.map((p) => p.kappa.value).filter((v): v is number => v !== null);
  const use: KappaPairUse = {
    used: defined.length,
    tooFewShared: pairs.length - enough.length,
    undefinedKappa: enough.length - defined.length,
    minShared,
  };
  if (allPairs.length === 0) return { estimate: undefinedEstimate('mean pairwise kappa needs at least two coders'), use };
  if (pairs.length === 0) return { estimate: undefinedEstimate('no two coders rated a unit in common'), use };
  if (enough.length === 0)
    return { estimate: undefinedEstimate(`no pair of annotators shares ${minShared} or more rated pairs`), use };
  if (defined.length === 0)
    return {
      estimate: undefinedEstimate(`Cohen's kappa is undefined for every pair of coders (${enough[0]?.kappa.reason ?? ''})`),
      use,
    };
  return { estimate: { value: defined.reduce((s, v) => s + v, 0) / defined.length }, use };
}

export interface AgreementOptions {
  /** annotator pairs sharing fewer rated pairs are left out of the mean pairwise kappa (default 10) */
  minSharedPairs?: number;
  /** bootstrap resamples and seed for the 95% interval of the headline alpha; none without */
  bootstrap?: { resamples: number; seed: number };
  /** relation questions read with forward and reverse entailment merged into one class (the thesis's reading) */
  mergedRelations?: boolean;
}

/**
 * A relation question's table and scheme with forward and reverse entailment merged into one class
 * (`entailment`); any other question unchanged. Pure.
 */
export function mergeRelationDirections<T extends { scheme: AgreementScheme; table: RatingTable }>(
  input: T,
  isRelationQuestion: boolean,
): T {
  if (!isRelationQuestion) return input;
  const merge = (v: number | string | boolean | null) => (typeof v === 'string' && isRelation(v) ? mergeRelationDirection(v) : v);
  return {
    ...input,
    scheme: { ...input.scheme, categories: [...MERGED_RELATIONS] },
    table: { ...input.table, ratings: input.table.ratings.map((row) => row.map(merge)) },
  };
}

const isRelationScheme = (scheme: AgreementScheme) =>
  scheme.categories.length === RELATIONS.length && RELATIONS.every((r, i) => scheme.categories[i] === r);

function undefinedAgreement(scheme: AgreementScheme, reason: string, raters = 0): QuestionAgreement {
  return {
    level: scheme.level,
    krippendorffAlpha: null,
    fleissKappa: null,
    meanCohenKappa: null,
    percentAgreement: null,
    units: 0,
    pairableValues: 0,
    raters,
    undefinedReason: reason,
    reasons: { krippendorffAlpha: reason },
  };
}

/** Every coefficient of one question; invalid ratings (outside the question's categories) make all undefined, with the reason. */
export function computeQuestionAgreement(
  table: RatingTable,
  scheme: AgreementScheme,
  options: AgreementOptions = {},
): QuestionAgreement {
  if (table.coders.length === 0 || table.units.length === 0) return undefinedAgreement(scheme, 'no ratings yet');
  try {
    return computeDefinedAgreement(table, scheme, options);
  } catch (error) {
    if (error instanceof AgreementInputError) return undefinedAgreement(scheme, error.message, table.coders.length);
    throw error;
  }
}

function computeDefinedAgreement(table: RatingTable, scheme: AgreementScheme, options: AgreementOptions): QuestionAgreement {
  const reasons: Record<string, string> = {};
  const value = (name: string, e: Estimate): number | null => {
    if (e.value === null) reasons[name] = e.reason;
    return e.value;
  };
  const matrix = toRatingMatrix(table);
  const input = { ratings: matrix, level: scheme.level as MeasurementLevel, categories: scheme.categories };
  const withCi = options.bootstrap ? computeAgreementReportWithBootstrap(input, options.bootstrap) : null;
  const report = withCi?.report ?? computeAgreementReport(input);
  const alpha = value('krippendorffAlpha', report.coefficients.krippendorffAlpha);
  const kappas = meanPairwiseKappa(computePairwiseKappas(table, scheme), options.minSharedPairs ?? DEFAULT_MIN_SHARED_PAIRS);
  const fleiss = computeFleissForTable(matrix, scheme.categories);
  const result: QuestionAgreement = {
    level: scheme.level,
    krippendorffAlpha: alpha,
    fleissKappa: value('fleissKappa', fleiss.estimate),
    ...(fleiss.units ? { fleissUnits: fleiss.units } : {}),
    meanCohenKappa: value('meanCohenKappa', kappas.estimate),
    cohenPairs: kappas.use,
    percentAgreement: value('percentAgreement', report.coefficients.percentAgreement),
    units: report.units,
    pairableValues: report.pairableValues,
    raters: report.coders,
    reasons,
  };
  if (scheme.likert) {
    const interval = computeAgreementReport({ ...input, level: 'interval' });
    result.krippendorffAlphaInterval = value('krippendorffAlphaInterval', interval.coefficients.krippendorffAlpha);
  }
  // Unweighted AC1 over the question's categories (two or more), as `paralens agreement` reports it.
  result.gwetAC1 = value('gwetAC1', report.coefficients.gwetAC1);
  if (withCi && options.bootstrap) {
    const ci = withCi.bootstrap.intervals.krippendorffAlpha;
    result.ci95 = { krippendorffAlpha: ci.interval ? [ci.interval.low, ci.interval.high] : null, bootstrap: options.bootstrap };
    if (!ci.interval) reasons.ci95 = ci.reason;
  }
  if (alpha === null) result.undefinedReason = reasons.krippendorffAlpha;
  return result;
}

/** One question's rating table, as the database gives it and a worker thread receives it (plain data). */
export interface QuestionTableInput {
  key: string;
  scheme: AgreementScheme;
  table: RatingTable;
}

/** Every question's agreement, by question key (computeCampaignAgreement, and the web server's compute worker). */
export function computeQuestionAgreements(
  tables: readonly QuestionTableInput[],
  options: AgreementOptions = {},
): Record<string, QuestionAgreement> {
  const read = (t: QuestionTableInput) => (options.mergedRelations ? mergeRelationDirections(t, isRelationScheme(t.scheme)) : t);
  return Object.fromEntries(tables.map(read).map((t) => [t.key, computeQuestionAgreement(t.table, t.scheme, options)]));
}
