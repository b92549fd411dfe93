/**
 * The whole report of one model run, as `GET /api/v1/model-runs/{id}/report` and the run's page show
 * it: the judged-like-a-human report of each question asked (judge-question.ts), the same per stratum
 * when asked for (by corpus, by characteristic-map cell of the measures, or by decile of a measure),
 * and the model's own characteristic map beside the humans' when it rated both similarity scales.
 * Strata are read as the whole is: by default each stratum's alt-test corrects over its own
 * annotators only, so a stratum's figures are those the report would give on its pairs alone; with
 * `across-strata` Benjamini–Yekutieli runs over every stratum's annotators together (the stricter
 * reading when strata are searched for where the model fails). Pure: takes what lib/db loaded.
 */
import { buildJudgeMaps, type JudgeMaps, type JudgeMapsInput } from './judge-maps';
import { judgeByStratum, judgeQuestion } from './judge-question';
import type { QuestionJudgeInput, QuestionJudgeReport } from './judge-types';
import { decileStrata } from './report-strata';

export type StratumRule = 'per-stratum' | 'across-strata';

export interface RunReportInput {
  questions: QuestionJudgeInput[];
  /** pair id → stratum label (corpus, cell) or value (deciles of a measure), with how they were made */
  strata: { by: string; of: ReadonlyMap<number, string | number>; decile: boolean } | null;
  fdr: StratumRule;
  maps: JudgeMapsInput | null;
}

export interface StratumReports {
  /** what the strata are: corpus, cell, or decile:MEASURE */
  by: string;
  /** stratum labels in display order */
  order: string[];
  /** deciles: the lowest and highest value of the measure in each */
  ranges: Record<string, [number, number]> | null;
  /** pairs of the run in no stratum (no value of the measure, or no measures for the cell) */
  unassigned: number;
  fdr: StratumRule;
  /** per question key: the report of each stratum */
  questions: Record<string, Array<{ stratum: string } & QuestionJudgeReport>>;
}

export interface RunReport {
  questions: QuestionJudgeReport[];
  strata: StratumReports | null;
  maps: JudgeMaps | null;
}

function labelStrata(strata: NonNullable<RunReportInput['strata']>): {
  labels: Map<number, string>;
  order: string[];
  ranges: Record<string, [number, number]> | null;
} {
  if (strata.decile) {
    const numbers = new Map<number, number>();
    for (const [pair, value] of strata.of) if (typeof value === 'number') numbers.set(pair, value);
    const d = decileStrata(numbers);
    return { labels: d.strata, order: d.order, ranges: d.ranges };
  }
  const labels = new Map<number, string>();
  for (const [pair, value] of strata.of) labels.set(pair, String(value));
  const order = [...new Set(labels.values())].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return { labels, order, ranges: null };
}

export function computeRunReport(input: RunReportInput): RunReport {
  const questions = input.questions.map((q) => judgeQuestion(q));
  let strata: StratumReports | null = null;
  if (input.strata) {
    const { labels, order, ranges } = labelStrata(input.strata);
    const runPairs = new Set<number>();
    for (const q of input.questions) for (const pair of q.model.keys()) runPairs.add(pair);
    strata = {
      by: input.strata.by,
      order,
      ranges,
      unassigned: [...runPairs].filter((pair) => !labels.has(pair)).length,
      fdr: input.fdr,
      questions: Object.fromEntries(
        input.questions.map((q) => [q.question.key, judgeByStratum(q, labels, order, { fdr: input.fdr })]),
      ),
    };
  }
  return { questions, strata, maps: input.maps ? buildJudgeMaps(input.maps) : null };
}
