/**
 * A model judged exactly as a human annotator on one campaign question, on the pairs both the model
 * and the humans answered (docs/statistics.md#a-model-judged-like-a-human-annotator):
 * - Krippendorff's alpha of the humans alone and of the humans with the model as one more coder, on
 *   the same compared pairs, with percentile bootstrap intervals (lib/agreement/agreement-report.ts);
 *   with the model, a pair one human rated becomes pairable, so `units` can grow;
 * - the model against each human and against the humans' final label (judge-comparisons.ts);
 * - the alt-test (lib/agreement/alt-test.ts): negative RMSE on scale positions for ordered questions,
 *   accuracy for categories;
 * - the swap probe and the expected-rating summary when their inputs are given (judge-probes.ts).
 * judgeByStratum repeats the report per stratum (corpus, characteristic-map cell, decile of a
 * measure: strata.ts), with at most STRATUM_RESAMPLES bootstrap resamples each and, by default, the
 * alt-test's false discovery rate controlled over all strata together. Pure.
 */
import { computeAgreementReportWithBootstrap } from '@/lib/agreement/agreement-report';
import { rejectAcrossAltTests, runAltTest, SCORING_NAMES, type AltTestValue } from '@/lib/agreement/alt-test';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '@/lib/agreement/bootstrap-intervals';
import { AgreementInputError, type RatingValue } from '@/lib/agreement/rating-values';
import { undefinedEstimate } from '@/lib/stats/estimate';
import { compareWithFinals, compareWithHumans } from './judge-comparisons';
import { probeRepeat, probeSwap, summariseExpectedRatings } from './judge-probes';
import type { AlphaFigure, QuestionJudgeInput, QuestionJudgeReport } from './judge-types';
import { altTestValue, prepareAnswers, type PreparedAnswers } from './judge-values';

/** Bootstrap resamples per stratum at most: a page may show 25 map cells or 10 deciles at once. */
export const STRATUM_RESAMPLES = 200;

function alphaFigure(prepared: PreparedAnswers, withModel: boolean, bootstrap: { resamples: number; seed: number }): AlphaFigure {
  const { scheme, compared } = prepared;
  const rows: Array<Array<RatingValue | null>> = prepared.humans
    .map((answers) => compared.map((p) => scheme.ratingOf.get(answers.get(p) ?? '') ?? null))
    .filter((row) => row.some((v) => v !== null));
  if (withModel) rows.push(compared.map((p) => scheme.ratingOf.get(prepared.model.get(p)!) ?? null));
  const empty = (reason: string): AlphaFigure => ({
    alpha: undefinedEstimate(reason),
    ci95: null,
    ciReason: reason,
    units: 0,
    pairableValues: 0,
    coders: rows.length,
  });
  if (compared.length === 0) return empty('no pair was answered by the model and a human');
  try {
    const { report, bootstrap: ci } = computeAgreementReportWithBootstrap(
      { ratings: rows, level: scheme.level, categories: scheme.ratingCategories },
      bootstrap,
    );
    const interval = ci.intervals.krippendorffAlpha;
    return {
      alpha: report.coefficients.krippendorffAlpha,
      ci95: interval.interval ? [interval.interval.low, interval.interval.high] : null,
      ...(interval.interval ? {} : { ciReason: interval.reason }),
      units: report.units,
      pairableValues: report.pairableValues,
      coders: report.coders,
    };
  } catch (error) {
    if (error instanceof AgreementInputError) return empty(error.message);
    throw error;
  }
}

function altTestMaps(prepared: PreparedAnswers) {
  const convert = (answers: ReadonlyMap<number, string>) =>
    new Map<number, AltTestValue>([...answers].map(([pair, name]) => [pair, altTestValue(prepared.scheme, name)]));
  return {
    humans: new Map(prepared.coders.map((coder, c) => [coder, convert(prepared.humans[c] ?? new Map())])),
    model: convert(prepared.model),
  };
}

export function judgeQuestion(input: QuestionJudgeInput): QuestionJudgeReport {
  const prepared = prepareAnswers(input);
  const { scheme } = prepared;
  const bootstrap = input.bootstrap ?? { resamples: DEFAULT_RESAMPLES, seed: DEFAULT_SEED };
  const scoring = scheme.ordered ? 'neg_rmse' : 'accuracy';
  return {
    question: input.question.key,
    level: scheme.level,
    scoring,
    scoringName: SCORING_NAMES[scoring],
    categories: [...scheme.names],
    pairs: {
      compared: prepared.compared.length,
      humansOnly: prepared.humansOnly,
      modelOnly: prepared.modelOnly,
      invalidAnswers: prepared.invalidAnswers,
    },
    alpha: {
      humans: alphaFigure(prepared, false, bootstrap),
      withModel: alphaFigure(prepared, true, bootstrap),
      bootstrap,
    },
    humans: compareWithHumans(prepared),
    final: compareWithFinals(prepared, input.finals),
    altTest: runAltTest({ ...altTestMaps(prepared), scoring, epsilon: input.epsilon, smallSample: input.smallSample }),
    swap: input.swapped ? probeSwap(prepared, input.swapped) : null,
    expected: input.expected && input.question.type === 'likert' ? summariseExpectedRatings(prepared, input.expected) : null,
    repeat: input.repeatOf ? { runId: input.repeatOf.runId, ...probeRepeat(prepared, input.repeatOf.answers) } : null,
  };
}

function restrictMap<V>(map: ReadonlyMap<number, V> | undefined, keep: ReadonlySet<number>): Map<number, V> | undefined {
  return map && new Map([...map].filter(([pair]) => keep.has(pair)));
}

/** The input restricted to some pairs. */
export function restrictJudgeInput(input: QuestionJudgeInput, keep: ReadonlySet<number>): QuestionJudgeInput {
  const columns = input.humans.units.flatMap((unit, u) => (keep.has(unit) ? [u] : []));
  return {
    ...input,
    humans: {
      coders: input.humans.coders,
      units: columns.map((u) => input.humans.units[u]!),
      ratings: input.humans.ratings.map((row) => columns.map((u) => row[u] ?? null)),
    },
    model: restrictMap(input.model, keep)!,
    finals: restrictMap(input.finals, keep)!,
    expected: restrictMap(input.expected, keep),
    swapped: restrictMap(input.swapped, keep),
    repeatOf: input.repeatOf && { runId: input.repeatOf.runId, answers: restrictMap(input.repeatOf.answers, keep)! },
  };
}

export interface StratumOptions {
  /**
   * Benjamini–Yekutieli of the alt-test over the annotators of all strata together (default: the
   * authors' FAQ for a model tested in several environments), or within each stratum.
   */
  fdr?: 'across-strata' | 'per-stratum';
}

/**
 * The report per stratum (pair id → stratum label; pairs without a label are in none), in `order`
 * (labels without pairs still get their, empty, report), then any other labels sorted.
 */
export function judgeByStratum(
  input: QuestionJudgeInput,
  strata: ReadonlyMap<number, string>,
  order: readonly string[] = [],
  options: StratumOptions = {},
): Array<{ stratum: string } & QuestionJudgeReport> {
  const members = new Map<string, Set<number>>();
  for (const [pair, stratum] of strata) {
    const set = members.get(stratum);
    if (set) set.add(pair);
    else members.set(stratum, new Set([pair]));
  }
  const rest = [...members.keys()].filter((s) => !order.includes(s)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const resamples = Math.min(input.bootstrap?.resamples ?? DEFAULT_RESAMPLES, STRATUM_RESAMPLES);
  const bootstrap = { resamples, seed: input.bootstrap?.seed ?? DEFAULT_SEED };
  const reports = [...order, ...rest].map((stratum) => ({
    stratum,
    ...judgeQuestion({ ...restrictJudgeInput(input, members.get(stratum) ?? new Set()), bootstrap }),
  }));
  if (options.fdr === 'per-stratum') return reports;
  const joint = rejectAcrossAltTests(reports.map((r) => r.altTest));
  return reports.map((r, i) => ({ ...r, altTest: joint[i]! }));
}
