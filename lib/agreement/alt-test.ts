/**
 * The alternative annotator test (alt-test) of Calderon, Reichart and Dror (ACL 2025;
 * docs/sources.md#alt-test, docs/statistics.md#the-alt-test): may a model replace the human
 * annotators? For each annotator j in turn, on the items j annotated that at least two humans and
 * the model answered:
 * - score the model and j against the remaining humans' answers on each item with the alignment
 *   score of the question's type (accuracy: the share of the others it equals; negative RMSE:
 *   −√(mean squared difference), for ratings);
 * - the model's indicator is 1 when its score is at least j's, j's indicator when j's is at least
 *   the model's; d = j's − the model's is 1, 0 or −1;
 * - test H0: mean d >= ε against H1: mean d < ε (ε, the cost-benefit margin, handicaps the humans)
 *   with the one-sided t-test; below `minItemsPerHuman` (30) items the authors' FAQ advises the
 *   Wilcoxon signed-rank test of d − ε ('wilcoxon', the default), and their notebook leaves the
 *   annotator out ('skip');
 * - the advantage probability ρ_j is the mean of the model's indicators.
 * The p-values of the annotators tested go through Benjamini–Yekutieli at q = 0.05; the winning rate
 * ω is the share of them rejected, ρ the mean of the ρ_j, and the model passes when ω >= 0.5.
 *
 * In 'skip' mode this is the notebook's `alt_test` (nitaytech/AltTest at 18428b1), item for item:
 * the order of annotators and the order of the remaining humans are the input's (the notebook's
 * dict order), undefined p-values (NaN there) count among the tests and are never rejected. Where
 * the notebook divides by zero (no annotator tested) the result is null with the reason. Checked
 * against the notebook on random cases and on its MT-Bench data in alt-test.test.ts.
 */
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import { rejectBenjaminiYekutieli } from '@/lib/stats/multiple-testing';
import { computeOneSampleTTest } from '@/lib/stats/t-test';
import { computeWilcoxonSignedRank, type WilcoxonMethod } from '@/lib/stats/wilcoxon';

/** The authors' alignment scores: accuracy for categories, negative RMSE for ratings. */
export type AltTestScoring = 'accuracy' | 'neg_rmse';
export type AltTestValue = number | string;
export type SmallSampleRule = 'wilcoxon' | 'skip';

export const ALT_TEST_DEFAULTS = { q: 0.05, minHumansPerItem: 2, minItemsPerHuman: 30, smallSample: 'wilcoxon' } as const;

/** The authors' rule of thumb for ε (README FAQ): experts 0.2, skilled annotators 0.15, crowd workers 0.1. */
export const EPSILON_RULE_OF_THUMB = { experts: 0.2, skilled: 0.15, crowd: 0.1 } as const;

export const SCORING_NAMES: Record<AltTestScoring, string> = {
  accuracy: 'accuracy (share of the other annotators given the same answer)',
  neg_rmse: 'negative RMSE (−√ of the mean squared difference from the other annotators)',
};

export interface AltTestInput<K = string | number> {
  /** annotator → item → answer, in the order the annotators are listed */
  humans: ReadonlyMap<string, ReadonlyMap<K, AltTestValue>>;
  /** item → the model's answer */
  model: ReadonlyMap<K, AltTestValue>;
  scoring: AltTestScoring;
  epsilon: number;
  q?: number;
  minHumansPerItem?: number;
  minItemsPerHuman?: number;
  smallSample?: SmallSampleRule;
}

export interface AltTestAnnotator {
  annotator: string;
  /** items of this annotator in the test (at least two humans and the model answered them) */
  n: number;
  test: 't' | 'wilcoxon' | 'skipped';
  /** why the annotator was left out (test 'skipped') */
  reason?: string;
  /** the Wilcoxon test's branch (exact, enumeration of sign flips, normal approximation) */
  wilcoxonMethod?: WilcoxonMethod;
  /** t, or R+ for the Wilcoxon test */
  statistic: Estimate;
  /** one-sided p-value of H0: mean d >= ε */
  pValue: Estimate;
  /** rejected by Benjamini–Yekutieli: the model wins against this annotator */
  rejected: boolean;
  /** ρ_j: the share of items where the model aligns with the others at least as well as this annotator */
  advantage: Estimate;
  /** items where the annotator aligned better (d = 1), as well (0), worse (−1) than the model */
  differences: { annotatorBetter: number; tie: number; modelBetter: number };
}

export interface AltTestResult {
  scoring: AltTestScoring;
  epsilon: number;
  q: number;
  smallSample: SmallSampleRule;
  minItemsPerHuman: number;
  minHumansPerItem: number;
  items: {
    /** items in the test: at least minHumansPerItem humans and the model answered */
    kept: number;
    /** items some human answered but fewer than minHumansPerItem did */
    fewHumans: number;
    /** items with enough humans but no answer of the model */
    noModel: number;
  };
  annotators: AltTestAnnotator[];
  /** annotators tested (the denominators of ω and ρ) */
  tested: number;
  /** ω: the share of tested annotators the model wins against */
  winningRate: Estimate;
  /** ρ: the mean advantage probability over the tested annotators */
  advantageProbability: Estimate;
  /** ω >= 0.5; null when ω is undefined */
  passed: boolean | null;
  /** set when Benjamini–Yekutieli ran over several alt-tests together (rejectAcrossAltTests): their p-values in all */
  jointTests?: number;
  warnings: string[];
}

function scoreAgainst(scoring: AltTestScoring, prediction: AltTestValue, others: readonly AltTestValue[]): number {
  let sum = 0;
  if (scoring === 'accuracy') {
    for (const v of others) if (v === prediction) sum += 1;
    return sum / others.length;
  }
  for (const v of others) {
    if (typeof v !== 'number' || typeof prediction !== 'number') throw new RangeError('negative RMSE needs numeric answers');
    sum += (prediction - v) ** 2;
  }
  // The square root changes no comparison; it is kept so the score is the authors' negative RMSE.
  return -Math.sqrt(sum / others.length);
}

interface Tested {
  index: number;
  pValue: number | null;
}

function describeSkip(n: number, min: number, rule: SmallSampleRule): string {
  if (n === 0) return 'no item of this annotator has the model’s answer and another human’s';
  return rule === 'skip'
    ? `${n} items, fewer than ${min}: left out, as the authors' notebook does`
    : `${n} items, fewer than ${min}`;
}

/** d per item (1: the annotator aligns better with the others, 0: as well, −1: worse) and ρ_j. */
function compareOnItems<K>(
  input: AltTestInput<K>,
  human: string,
  items: readonly K[],
  annotatorsOf: ReadonlyMap<K, readonly string[]>,
): { d: number[]; advantage: number } {
  const answers = input.humans.get(human)!;
  const d: number[] = [];
  let modelWins = 0;
  for (const item of items) {
    const others = (annotatorsOf.get(item) ?? []).filter((h) => h !== human).map((h) => input.humans.get(h)!.get(item)!);
    const humanScore = scoreAgainst(input.scoring, answers.get(item)!, others);
    const modelScore = scoreAgainst(input.scoring, input.model.get(item)!, others);
    const modelIndicator = modelScore >= humanScore ? 1 : 0;
    modelWins += modelIndicator;
    d.push((humanScore >= modelScore ? 1 : 0) - modelIndicator);
  }
  return { d, advantage: modelWins / items.length };
}

/** One annotator left out: the t-test, the Wilcoxon test below the minimum, or skipped. */
function testAnnotator<K>(
  input: AltTestInput<K>,
  human: string,
  items: readonly K[],
  annotatorsOf: ReadonlyMap<K, readonly string[]>,
  rules: { minItemsPerHuman: number; smallSample: SmallSampleRule },
): AltTestAnnotator {
  const n = items.length;
  const base = { annotator: human, n, rejected: false };
  const small = n < rules.minItemsPerHuman;
  if (n === 0 || (small && rules.smallSample === 'skip')) {
    const reason = describeSkip(n, rules.minItemsPerHuman, rules.smallSample);
    const skipped = undefinedEstimate(`annotator left out: ${reason}`);
    const differences = { annotatorBetter: 0, tie: 0, modelBetter: 0 };
    return { ...base, test: 'skipped', reason, statistic: skipped, pValue: skipped, advantage: skipped, differences };
  }
  const { d, advantage } = compareOnItems(input, human, items, annotatorsOf);
  const count = (v: number) => d.filter((x) => x === v).length;
  const common = {
    ...base,
    advantage: definedEstimate(advantage),
    differences: { annotatorBetter: count(1), tie: count(0), modelBetter: count(-1) },
  };
  if (small) {
    const w = computeWilcoxonSignedRank(
      d.map((v) => v - input.epsilon),
      'less',
    );
    return { ...common, test: 'wilcoxon', wilcoxonMethod: w.method, statistic: w.statistic, pValue: w.pValue };
  }
  const t = computeOneSampleTTest(d, input.epsilon, 'less');
  return { ...common, test: 't', statistic: t.statistic, pValue: t.pValue };
}

export function runAltTest<K>(input: AltTestInput<K>): AltTestResult {
  const q = input.q ?? ALT_TEST_DEFAULTS.q;
  const minHumansPerItem = input.minHumansPerItem ?? ALT_TEST_DEFAULTS.minHumansPerItem;
  const minItemsPerHuman = input.minItemsPerHuman ?? ALT_TEST_DEFAULTS.minItemsPerHuman;
  const smallSample = input.smallSample ?? ALT_TEST_DEFAULTS.smallSample;
  const annotatorsOf = new Map<K, string[]>();
  for (const [human, answers] of input.humans) {
    for (const item of answers.keys()) {
      const list = annotatorsOf.get(item);
      if (list) list.push(human);
      else annotatorsOf.set(item, [human]);
    }
  }
  const items = { kept: 0, fewHumans: 0, noModel: 0 };
  const kept = new Set<K>();
  for (const [item, humans] of annotatorsOf) {
    if (humans.length < minHumansPerItem) items.fewHumans += 1;
    else if (!input.model.has(item)) items.noModel += 1;
    else kept.add(item);
  }
  items.kept = kept.size;

  const annotators = [...input.humans].map(([human, answers]) =>
    testAnnotator(
      input,
      human,
      [...answers.keys()].filter((item) => kept.has(item)),
      annotatorsOf,
      { minItemsPerHuman, smallSample },
    ),
  );
  const tested: Tested[] = annotators.flatMap((a, index) => (a.test === 'skipped' ? [] : [{ index, pValue: a.pValue.value }]));
  const rejected = rejectBenjaminiYekutieli(
    tested.map((t) => t.pValue),
    q,
  );
  for (const i of rejected) annotators[tested[i]!.index]!.rejected = true;
  const winningRate = tested.length
    ? definedEstimate(tested.filter((t) => annotators[t.index]!.rejected).length / tested.length)
    : undefinedEstimate(noTestReason(input, items, minHumansPerItem, minItemsPerHuman));
  const advantages = tested.map((t) => annotators[t.index]!.advantage.value ?? 0);
  const advantageProbability = tested.length
    ? definedEstimate(advantages.reduce((s, v) => s + v, 0) / advantages.length)
    : undefinedEstimate(winningRate.reason ?? '');
  return {
    scoring: input.scoring,
    epsilon: input.epsilon,
    q,
    smallSample,
    minItemsPerHuman,
    minHumansPerItem,
    items,
    annotators,
    tested: tested.length,
    winningRate,
    advantageProbability,
    passed: winningRate.value === null ? null : winningRate.value >= 0.5,
    warnings: collectWarnings(annotatorsOf, kept, annotators, tested.length, minItemsPerHuman),
  };
}

function noTestReason<K>(input: AltTestInput<K>, items: AltTestResult['items'], minHumans: number, minItems: number): string {
  if (input.humans.size < minHumans)
    return `the alt-test needs at least ${minHumans} human annotators (there are ${input.humans.size})`;
  if (items.kept === 0 && items.noModel === 0) return `no item has answers from ${minHumans} or more human annotators`;
  if (items.kept === 0) return `no item with answers from ${minHumans} or more human annotators has the model's answer`;
  return `every annotator has fewer than ${minItems} items in the test, and annotators under ${minItems} are left out`;
}

function collectWarnings<K>(
  annotatorsOf: ReadonlyMap<K, readonly string[]>,
  kept: ReadonlySet<K>,
  annotators: readonly AltTestAnnotator[],
  tested: number,
  minItems: number,
): string[] {
  const warnings: string[] = [];
  const present = annotators.filter((a) => a.n > 0).length;
  const twoOnly = [...kept].filter((item) => annotatorsOf.get(item)?.length === 2).length;
  if (present === 2) {
    warnings.push(
      'Only two human annotators: each is compared with the model against the other alone. The authors recommend three or more.',
    );
  } else if (twoOnly > 0) {
    warnings.push(
      `${twoOnly} of ${kept.size} items have only two human annotators, so leaving one out compares against a single answer; the authors recommend three or more.`,
    );
  }
  const wilcoxon = annotators.filter((a) => a.test === 'wilcoxon').length;
  if (wilcoxon > 0)
    warnings.push(`${wilcoxon} annotators have fewer than ${minItems} items and were tested with the Wilcoxon signed-rank test.`);
  const left = annotators.filter((a) => a.test === 'skipped' && a.n > 0).length;
  if (left > 0 && tested > 0) warnings.push(`${left} annotators have fewer than ${minItems} items and were left out.`);
  return warnings;
}

/**
 * Benjamini–Yekutieli over the annotators of several alt-tests together, for one model tested in
 * several environments (strata, domains): the authors' FAQ controls the false discovery rate over
 * all the p-values and reports the winning rate per environment. Each result's rejections, ω and
 * verdict are recomputed; ρ and the p-values are unchanged.
 */
export function rejectAcrossAltTests(results: readonly AltTestResult[], q: number = ALT_TEST_DEFAULTS.q): AltTestResult[] {
  const tests = results.flatMap((r, i) =>
    r.annotators.flatMap((a, j) => (a.test === 'skipped' ? [] : [{ i, j, p: a.pValue.value }])),
  );
  const rejected = new Set(
    rejectBenjaminiYekutieli(
      tests.map((t) => t.p),
      q,
    ).map((k) => `${tests[k]!.i}:${tests[k]!.j}`),
  );
  return results.map((result, i) => {
    const annotators = result.annotators.map((a, j) => ({ ...a, rejected: rejected.has(`${i}:${j}`) }));
    const winningRate = result.tested
      ? definedEstimate(annotators.filter((a) => a.rejected).length / result.tested)
      : result.winningRate;
    return {
      ...result,
      q,
      annotators,
      winningRate,
      passed: winningRate.value === null ? null : winningRate.value >= 0.5,
      jointTests: tests.length,
    };
  });
}
