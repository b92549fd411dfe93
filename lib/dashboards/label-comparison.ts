/**
 * Two label sets on the same pairs (a campaign's final labels against another campaign's, or against
 * the corpus's own labels), as MultiPIT compared its crowd with its experts: on the pairs both sides
 * label, the confusion matrix (rows: this campaign, columns: the other side), raw agreement, Cohen's
 * kappa (scikit-learn's cohen_kappa_score) with a 95 % Wald interval from the large-sample standard
 * error of Fleiss, Cohen & Everitt (1969), as statsmodels' cohens_kappa computes it, and for yes/no
 * questions precision, recall and F1 of this campaign taking the other side as the truth
 * (scikit-learn's precision_recall_fscore_support, positive = yes). Pairs one side labels only are
 * counted apart. Pure: the caller passes the counts per (this, other) value.
 */
import { computeCohenKappaFromTable } from '@/lib/agreement/cohen-kappa';
import type { Estimate } from '@/lib/stats/estimate';
import type { Question } from '@/lib/annotation/questions';

/** A question's values as the comparison names them, in the question's order (yes/no answers are "yes" and "no"). */
export function questionCategories(question: Question): string[] {
  if (question.type === 'boolean') return ['yes', 'no'];
  if (question.type === 'likert') return ['0', '1', '2', '3', '4'];
  return (question.options ?? []).map((o) => o.value);
}

/** How many pairs got `mine` here and `other` there; null: that side gave the pair no label. */
export interface LabelCount {
  mine: string | null;
  other: string | null;
  n: number;
}

export interface BinaryScores {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export interface LabelComparison {
  /** pairs both sides label */
  n: number;
  onlyThis: number;
  onlyOther: number;
  /** the categories of the matrix, in the question's order, then any others the sides used */
  categories: string[];
  /** matrix[i][j]: pairs this campaign put in categories[i] and the other side in categories[j] */
  matrix: number[][];
  agreement: number | null;
  kappa: Estimate & { ci95: [number, number] | null; se: number | null };
  /** yes/no questions: this campaign as the prediction, the other side as the truth */
  binary: BinaryScores | null;
}

const Z95 = 1.959963984540054;

/** Large-sample standard error of unweighted kappa (Fleiss, Cohen & Everitt 1969), statsmodels' std_kappa. */
export function kappaStandardError(table: readonly (readonly number[])[], kappa: number): number | null {
  const total = table.flat().reduce((s, v) => s + v, 0);
  const k = table.length;
  const row = table.map((r) => r.reduce((s, v) => s + v, 0) / total);
  const col = Array.from({ length: k }, (_, j) => table.reduce((s, r) => s + (r[j] ?? 0), 0) / total);
  const pe = row.reduce((s, r, i) => s + r * (col[i] ?? 0), 0);
  if (!(total > 0) || pe >= 1) return null;
  let a = 0;
  let b = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const p = (table[i]?.[j] ?? 0) / total;
      if (i === j) a += p * (1 - ((row[i] ?? 0) + (col[i] ?? 0)) * (1 - kappa)) ** 2;
      else b += p * ((col[i] ?? 0) + (row[j] ?? 0)) ** 2;
    }
  }
  const c = (kappa - pe * (1 - kappa)) ** 2;
  const variance = (a + (1 - kappa) ** 2 * b - c) / (1 - pe) ** 2 / total;
  return variance >= 0 ? Math.sqrt(variance) : null;
}

function binaryScores(matrix: number[][], categories: string[], positive: string, negative: string): BinaryScores {
  const at = (mine: string, other: string) => matrix[categories.indexOf(mine)]?.[categories.indexOf(other)] ?? 0;
  const [tp, fp, fn, tn] = [at(positive, positive), at(positive, negative), at(negative, positive), at(negative, negative)];
  const precision = tp + fp > 0 ? tp / (tp + fp) : null;
  const recall = tp + fn > 0 ? tp / (tp + fn) : null;
  const f1 =
    precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return { tp, fp, fn, tn, precision, recall, f1 };
}

/**
 * `order`: the question's categories (unused ones stay in the matrix as empty rows and columns);
 * `binary`: the yes and no values of a yes/no question, for precision, recall and F1.
 */
export function compareLabelSets(
  counts: readonly LabelCount[],
  order: readonly string[],
  binary?: { positive: string; negative: string },
): LabelComparison {
  const both = counts.filter(
    (c): c is LabelCount & { mine: string; other: string } => c.mine !== null && c.other !== null && c.n > 0,
  );
  const sum = (list: readonly LabelCount[]) => list.reduce((s, c) => s + c.n, 0);
  const categories = [...order];
  for (const c of both) for (const v of [c.mine, c.other]) if (!categories.includes(v)) categories.push(v);
  const matrix = categories.map(() => new Array<number>(categories.length).fill(0));
  for (const c of both) matrix[categories.indexOf(c.mine)]![categories.indexOf(c.other)]! += c.n;
  const n = sum(both);
  const agreed = categories.reduce((s, _, i) => s + (matrix[i]?.[i] ?? 0), 0);
  const estimate = computeCohenKappaFromTable(matrix);
  const se = estimate.value === null ? null : kappaStandardError(matrix, estimate.value);
  return {
    n,
    onlyThis: sum(counts.filter((c) => c.mine !== null && c.other === null)),
    onlyOther: sum(counts.filter((c) => c.mine === null && c.other !== null)),
    categories,
    matrix,
    agreement: n > 0 ? agreed / n : null,
    kappa: {
      ...estimate,
      se,
      ci95: estimate.value === null || se === null ? null : [estimate.value - Z95 * se, estimate.value + Z95 * se],
    },
    binary: binary ? binaryScores(matrix, categories, binary.positive, binary.negative) : null,
  };
}

/**
 * Whether another question's labels can stand against this one's (the comparison page offers only
 * these): the same kind of answer (yes/no, the entailment relation, a 0-4 rating), or choices that
 * share a value. Free text never.
 */
export function comparableQuestions(mine: Question, other: Question): boolean {
  if (mine.type === 'text' || other.type === 'text' || mine.type !== other.type) return false;
  if (mine.type !== 'choice') return true;
  const values = new Set(questionCategories(mine));
  return questionCategories(other).some((v) => values.has(v));
}
