/**
 * The model against each human annotator and against the humans' final label, as one annotator is
 * compared with another: on the pairs both answered, accuracy (raw agreement), Cohen's kappa
 * (lib/agreement/cohen-kappa.ts; quadratic-weighted on scale positions for ordered questions), and
 * against the final label the confusion matrix whose cells list their pairs, kappa's Wald interval
 * (lib/dashboards/label-comparison.ts, statsmodels' cohens_kappa) and, for yes/no questions,
 * precision, recall and F1 of "yes" with the final label as the truth (scikit-learn's
 * precision_recall_fscore_support). Final labels left open (a tie, a spread…) have nothing to compare
 * with: they are left out and counted by method. Pure.
 */
import { computeCohenKappa, computeCohenKappaFromTable } from '@/lib/agreement/cohen-kappa';
import { compareLabelSets, type LabelCount } from '@/lib/dashboards/label-comparison';
import { definedEstimate, undefinedEstimate, type Estimate } from '@/lib/stats/estimate';
import type { BinaryFigures, ConfusionMatrix, FinalComparison, FinalLabel, HumanComparison } from './judge-types';
import { answerName, type JudgeScheme, type PreparedAnswers } from './judge-values';

/** Pair ids listed per confusion cell at most (the page links to them; the count is always whole). */
export const PAIR_IDS_PER_CELL = 200;

export interface NamedPair {
  pair: number;
  row: string;
  column: string;
}

export function buildConfusion(
  pairs: readonly NamedPair[],
  categories: readonly string[],
  labels: { rows: string; columns: string },
): ConfusionMatrix {
  const index = new Map(categories.map((c, i) => [c, i]));
  const cells = categories.map(() => categories.map(() => ({ n: 0, pairIds: [] as number[] })));
  for (const p of [...pairs].sort((a, b) => a.pair - b.pair)) {
    const cell = cells[index.get(p.row) ?? -1]?.[index.get(p.column) ?? -1];
    if (!cell) throw new RangeError(`answer outside the categories: ${p.row} / ${p.column}`);
    cell.n += 1;
    if (cell.pairIds.length < PAIR_IDS_PER_CELL) cell.pairIds.push(p.pair);
  }
  return { categories: [...categories], ...labels, cells, idsCap: PAIR_IDS_PER_CELL };
}

export function shareEqual(pairs: readonly NamedPair[], none: string): Estimate {
  if (pairs.length === 0) return undefinedEstimate(none);
  return definedEstimate(pairs.filter((p) => p.row === p.column).length / pairs.length);
}

function kappas(scheme: JudgeScheme, pairs: readonly NamedPair[]): { kappa: Estimate; quadraticKappa?: Estimate } {
  const none = 'no pair was answered by both';
  if (pairs.length === 0) {
    return scheme.ordered
      ? { kappa: undefinedEstimate(none), quadraticKappa: undefinedEstimate(none) }
      : { kappa: undefinedEstimate(none) };
  }
  const a = pairs.map((p) => scheme.ratingOf.get(p.row)!);
  const b = pairs.map((p) => scheme.ratingOf.get(p.column)!);
  const categories = scheme.ratingCategories;
  const kappa = computeCohenKappa(a, b, { categories });
  if (!scheme.ordered) return { kappa };
  return { kappa, quadraticKappa: computeCohenKappa(a, b, { categories, weighting: 'quadratic' }) };
}

/** The model against each human, on the pairs both answered. */
export function compareWithHumans(prepared: PreparedAnswers): HumanComparison[] {
  return prepared.coders.map((annotator, c) => {
    const pairs: NamedPair[] = [];
    for (const [pair, name] of prepared.humans[c] ?? []) {
      const model = prepared.model.get(pair);
      if (model !== undefined) pairs.push({ pair, row: model, column: name });
    }
    return {
      annotator,
      n: pairs.length,
      accuracy: shareEqual(pairs, 'no pair was answered by both'),
      ...kappas(prepared.scheme, pairs),
    };
  });
}

function binaryFigures(comparison: ReturnType<typeof compareLabelSets>): BinaryFigures | null {
  const b = comparison.binary;
  if (!b) return null;
  const estimate = (value: number | null, reason: string): Estimate => (value === null ? undefinedEstimate(reason) : { value });
  return {
    tp: b.tp,
    fp: b.fp,
    fn: b.fn,
    tn: b.tn,
    precision: estimate(b.precision, 'the model never answered yes on these pairs'),
    recall: estimate(b.recall, 'no final label is yes on these pairs'),
    f1: estimate(
      b.f1,
      b.precision === null || b.recall === null ? 'precision or recall is undefined' : 'precision and recall are both 0',
    ),
  };
}

/** The model against the humans' final label; open finals are counted apart by method. */
export function compareWithFinals(prepared: PreparedAnswers, finals: ReadonlyMap<number, FinalLabel>): FinalComparison {
  const { scheme } = prepared;
  const pairs: NamedPair[] = [];
  const byMethod: Record<string, number> = {};
  let open = 0;
  let noFinal = 0;
  for (const [pair, model] of prepared.model) {
    const final = finals.get(pair);
    if (!final) {
      noFinal += 1;
      continue;
    }
    const name = final.open ? null : answerName(scheme, final.value);
    if (name === null) {
      open += 1;
      byMethod[final.method] = (byMethod[final.method] ?? 0) + 1;
    } else pairs.push({ pair, row: model, column: name });
  }
  const counts = new Map<string, LabelCount>();
  for (const p of pairs) {
    const key = `${p.row}\u001f${p.column}`;
    const count = counts.get(key) ?? { mine: p.row, other: p.column, n: 0 };
    count.n += 1;
    counts.set(key, count);
  }
  const comparison = compareLabelSets(
    [...counts.values()],
    scheme.names,
    scheme.yesNo ? { positive: 'yes', negative: 'no' } : undefined,
  );
  const result: FinalComparison = {
    n: pairs.length,
    open: { total: open, byMethod },
    noFinal,
    accuracy: shareEqual(pairs, 'no pair has both the model’s answer and a decided final label'),
    kappa: comparison.kappa,
    confusion: buildConfusion(pairs, scheme.names, { rows: 'model', columns: 'final label' }),
    binary: binaryFigures(comparison),
  };
  if (scheme.ordered) {
    // compareLabelSets keeps the question's order (valid answers only here), so positions are the scale's.
    result.quadraticKappa =
      pairs.length === 0
        ? undefinedEstimate('no pair has both the model’s answer and a decided final label')
        : computeCohenKappaFromTable(comparison.matrix, 'quadratic');
  }
  return result;
}
