/**
 * The input and the report of "a model judged like a human annotator" for one campaign question
 * (judge-question.ts): the report is plain JSON (no Map, no Infinity, no undefined statistic) because
 * it is the API's response and the pages' props; each field says what it counts. Every undefined
 * figure is null with its reason (lib/stats/estimate.ts), never 0, 1 or NaN.
 */
import type { AltTestResult, AltTestScoring, SmallSampleRule } from '@/lib/agreement/alt-test';
import type { Question } from '@/lib/annotation/questions';
import type { Estimate } from '@/lib/stats/estimate';

/** A stored answer: Likert number, yes/no boolean, relation or choice value. */
export type JudgeAnswer = number | string | boolean;

/** The humans' final label of one pair and question (lib/labels/final-labels.ts decides it). */
export interface FinalLabel {
  value: JudgeAnswer | null;
  /** left open (tie, spread, unanswered…): no label to compare with */
  open: boolean;
  /** the final-label method (unanimous, median, majority, tie, spread…) */
  method: string;
}

export interface QuestionJudgeInput {
  question: Question;
  /** ratings[coder][unit], units = pair ids (as lib/db/dashboards/campaign-ratings.ts loads them) */
  humans: { coders: string[]; units: number[]; ratings: Array<Array<JudgeAnswer | null>> };
  /** pair id → the model's answer in the stored order */
  model: ReadonlyMap<number, JudgeAnswer>;
  /** Likert: pair id → the model's expected rating Σ p(k)·k from its token probabilities */
  expected?: ReadonlyMap<number, number>;
  /** pair id → the humans' final label */
  finals: ReadonlyMap<number, FinalLabel>;
  /** pair id → the model's answer asked with the texts exchanged, mapped back to the stored order */
  swapped?: ReadonlyMap<number, JudgeAnswer>;
  /** the earlier run this run repeats, and its answers (the drift probe) */
  repeatOf?: { runId: number; answers: ReadonlyMap<number, JudgeAnswer> };
  /** the alt-test's cost-benefit margin ε (the authors: 0.2 experts, 0.15 skilled, 0.1 crowd) */
  epsilon: number;
  /** below 30 items per annotator: the Wilcoxon test (default) or leave the annotator out */
  smallSample?: SmallSampleRule;
  /** defaults: lib/agreement/bootstrap-intervals.ts (1,000 resamples, seed 1) */
  bootstrap?: { resamples: number; seed: number };
}

/** A confusion matrix whose cells link to their pairs. */
export interface ConfusionMatrix {
  /** the categories of rows and columns, in the question's order */
  categories: string[];
  /** what the rows are (e.g. "model") and the columns (e.g. "final label") */
  rows: string;
  columns: string;
  /** cells[row][column] */
  cells: Array<Array<{ n: number; pairIds: number[] }>>;
  /** pair ids listed per cell at most, in ascending order; a cell with more has n > pairIds.length */
  idsCap: number;
}

export interface AlphaFigure {
  /** Krippendorff's alpha at the question's level */
  alpha: Estimate;
  /** 95 % percentile bootstrap interval over pairs; null with ciReason when undefined */
  ci95: [number, number] | null;
  ciReason?: string;
  /** pairs with two or more ratings, and the ratings in them */
  units: number;
  pairableValues: number;
  coders: number;
}

export interface AlphaComparison {
  /** the humans alone, and the humans with the model as one more coder, on the same compared pairs */
  humans: AlphaFigure;
  withModel: AlphaFigure;
  bootstrap: { resamples: number; seed: number };
}

export interface HumanComparison {
  annotator: string;
  /** pairs both the model and this annotator answered */
  n: number;
  /** share of those pairs with the same answer */
  accuracy: Estimate;
  /** Cohen's kappa, unweighted */
  kappa: Estimate;
  /** ordered questions only: quadratic-weighted kappa (positions on the scale) */
  quadraticKappa?: Estimate;
}

export interface BinaryFigures {
  /** "yes" is the positive class; the model is the prediction, the final label the truth */
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: Estimate;
  recall: Estimate;
  f1: Estimate;
}

export interface FinalComparison {
  /** pairs with the model's answer and a decided final label: the pairs compared */
  n: number;
  /** pairs with the model's answer whose final label is open, left out, by final-label method */
  open: { total: number; byMethod: Record<string, number> };
  /** pairs with the model's answer and no final label at all */
  noFinal: number;
  accuracy: Estimate;
  /** Cohen's kappa with its 95 % Wald interval (Fleiss, Cohen & Everitt 1969 standard error) */
  kappa: Estimate & { ci95: [number, number] | null; se: number | null };
  /** ordered questions only */
  quadraticKappa?: Estimate;
  /** rows: the model; columns: the final label */
  confusion: ConfusionMatrix;
  /** yes/no questions only */
  binary: BinaryFigures | null;
}

export interface SwapProbe {
  /** pairs the model answered in both orders */
  n: number;
  /** share of them with the same answer both ways (after mapping back to the stored order) */
  identical: Estimate;
  /** Cohen's kappa between the two orders (unweighted) */
  kappa: Estimate;
  /** rows: the stored order; columns: the texts exchanged */
  confusion: ConfusionMatrix;
}

export interface ExpectedRatingSummary {
  /** pairs with an expected rating, the model's answer and at least one human rating */
  n: number;
  /** Pearson's r of the expected rating with the humans' mean rating */
  pearson: Estimate;
  /** the same with the model's answered rating, for comparison */
  answerPearson: Estimate;
}

export interface QuestionJudgeReport {
  question: string;
  /** Krippendorff's level: ordinal for Likert and ordinal choices, nominal otherwise */
  level: 'ordinal' | 'nominal';
  /** the alt-test's alignment score: negative RMSE on scale positions for ordered questions, else accuracy */
  scoring: AltTestScoring;
  scoringName: string;
  /** the answers as the report names them, in the question's order (yes/no as "yes", "no") */
  categories: string[];
  pairs: {
    /** the model and at least one human answered: the pairs compared */
    compared: number;
    /** humans answered, the model did not */
    humansOnly: number;
    /** the model answered, no human did */
    modelOnly: number;
    /** answers outside the question's categories, left out */
    invalidAnswers: { model: number; humans: number };
  };
  alpha: AlphaComparison;
  /** the model against each human, in the coders' order */
  humans: HumanComparison[];
  final: FinalComparison;
  /** the alt-test on this question: humans as the annotators, the model as the LLM */
  altTest: AltTestResult;
  /** when asked both ways (--swap) */
  swap: SwapProbe | null;
  /** Likert questions with expected ratings */
  expected: ExpectedRatingSummary | null;
  /** a repeat of an earlier run: this run's answers against that run's (rows: this run) */
  repeat: (SwapProbe & { runId: number }) | null;
}
