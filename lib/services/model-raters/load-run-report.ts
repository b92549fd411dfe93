/**
 * A model run's report, as the API and the run's page ask for it: the questions the run asked (free
 * text has no statistics) with their definitions as worded when the run was made, the annotators'
 * ratings, the run's answers and the final labels from lib/db, the strata asked for, the maps when
 * the run rated both similarity scales; then lib/model-raters/report computes it, on a compute
 * worker thread in the web server (bootstrap intervals and alt-tests take a while on large runs).
 */
import type { Question } from '@/lib/annotation/questions';
import type { Db } from '@/lib/db/client';
import { getCampaignWordingAt } from '@/lib/db/campaigns/campaign-wording';
import { getModelRun, type ModelRunView } from '@/lib/db/model-raters/model-run-views';
import {
  loadFinalLabels,
  loadHumanRatings,
  loadRunAnswers,
  loadStrata,
  parseStratumKind,
} from '@/lib/db/model-raters/report-data';
import type { Queryable } from '@/lib/db/sql-pool';
import { AppError } from '@/lib/errors/app-error';
import type { SmallSampleRule } from '@/lib/agreement/alt-test';
import { computeRunReport, type RunReport, type RunReportInput, type StratumRule } from '@/lib/model-raters/report/run-report';
import type { QuestionJudgeInput } from '@/lib/model-raters/report/judge-types';

export interface ReportRequest {
  question?: string;
  epsilon: number;
  smallSample: SmallSampleRule;
  by?: string;
  fdr: StratumRule;
  resamples: number;
}

export interface LoadedRunReport {
  run: ModelRunView;
  settings: { epsilon: number; smallSample: SmallSampleRule; fdr: StratumRule; resamples: number };
  report: RunReport;
}

const invalid = (field: string, message: string) =>
  new AppError('INVALID_INPUT', `Check the query: ${field} ${message}.`, { fields: { [`query.${field}`]: message } });

async function reportedQuestions(db: Db, run: ModelRunView, only: string | undefined): Promise<Question[]> {
  const wording = await getCampaignWordingAt(db, run.campaign.id, run.wordingVersion);
  const asked = (wording?.questions ?? []).filter((q) => run.questions.includes(q.key) && q.type !== 'text');
  if (only === undefined) return asked;
  const question = asked.find((q) => q.key === only);
  if (!question)
    throw invalid(
      'question',
      `names no question this run asked with answers to compare (it asked ${asked.map((q) => q.key).join(', ')})`,
    );
  return [question];
}

async function questionInput(
  pool: Queryable,
  run: ModelRunView,
  question: Question,
  request: ReportRequest,
): Promise<QuestionJudgeInput> {
  const [humans, answers, finals, earlier] = await Promise.all([
    loadHumanRatings(pool, run.campaign.id, question.key),
    loadRunAnswers(pool, run.id, question.key),
    loadFinalLabels(pool, run.campaign.id, question.key),
    run.repeatOfId === null ? null : loadRunAnswers(pool, run.repeatOfId, question.key),
  ]);
  return {
    question,
    humans,
    model: answers.model,
    finals,
    ...(answers.expected.size > 0 ? { expected: answers.expected } : {}),
    ...(run.swap ? { swapped: answers.swapped } : {}),
    ...(earlier && run.repeatOfId !== null ? { repeatOf: { runId: run.repeatOfId, answers: earlier.model } } : {}),
    epsilon: request.epsilon,
    smallSample: request.smallSample,
    bootstrap: { resamples: request.resamples, seed: 1 },
  };
}

/** Everything the report needs, read from the database (cheap: a few statements per question). */
export async function loadRunReportInput(
  db: Db,
  pool: Queryable,
  runId: number,
  request: ReportRequest,
): Promise<{ run: ModelRunView; input: RunReportInput }> {
  const run = await getModelRun(db, runId);
  if (!run) throw new AppError('NOT_FOUND', 'That model run does not exist.');
  const kind = request.by === undefined ? null : parseStratumKind(request.by);
  if (request.by !== undefined && !kind)
    throw invalid('by', 'must be corpus, cell or decile:MEASURE (a measure of the catalogue, or u.NAME)');
  const all = await reportedQuestions(db, run, undefined);
  const questions = request.question === undefined ? all : await reportedQuestions(db, run, request.question);
  const inputs = await Promise.all(questions.map((q) => questionInput(pool, run, q, request)));
  const likert = (key: string) => all.find((q) => q.key === key && q.type === 'likert');
  let maps: RunReportInput['maps'] = null;
  if (likert('semantic') && likert('syntactic')) {
    const [syn, sem, synFinals, semFinals] = await Promise.all([
      loadRunAnswers(pool, run.id, 'syntactic'),
      loadRunAnswers(pool, run.id, 'semantic'),
      loadFinalLabels(pool, run.campaign.id, 'syntactic'),
      loadFinalLabels(pool, run.campaign.id, 'semantic'),
    ]);
    maps = { model: { syntactic: syn.model, semantic: sem.model }, humans: { syntactic: synFinals, semantic: semFinals } };
  }
  const strata = kind ? { by: request.by!, of: await loadStrata(pool, run.id, kind), decile: kind.by === 'decile' } : null;
  return { run, input: { questions: inputs, strata, fdr: request.fdr, maps } };
}

/** The report; `compute` runs it elsewhere (the web server's worker threads), else here. */
export async function loadRunReport(
  db: Db,
  pool: Queryable,
  runId: number,
  request: ReportRequest,
  compute: (input: RunReportInput) => Promise<RunReport> = (input) => Promise.resolve(computeRunReport(input)),
): Promise<LoadedRunReport> {
  const { run, input } = await loadRunReportInput(db, pool, runId, request);
  return {
    run,
    settings: { epsilon: request.epsilon, smallSample: request.smallSample, fdr: request.fdr, resamples: request.resamples },
    report: await compute(input),
  };
}

export interface RunComparisonRow {
  run: ModelRunView;
  /** the run's report of the question, or why there is none (the run did not ask it) */
  report: RunReport['questions'][number] | null;
  reason: string | null;
}

/**
 * A campaign's runs side by side on one question: each run's report of it (bootstrap with fewer
 * resamples, as a table of many runs is read for its point estimates), newest run first.
 */
export async function compareRuns(
  db: Db,
  pool: Queryable,
  runs: readonly ModelRunView[],
  request: ReportRequest & { question: string },
  compute: (input: RunReportInput) => Promise<RunReport> = (input) => Promise.resolve(computeRunReport(input)),
): Promise<RunComparisonRow[]> {
  const rows: RunComparisonRow[] = [];
  for (const run of runs) {
    if (!run.questions.includes(request.question)) {
      rows.push({ run, report: null, reason: `this run did not ask ${request.question}` });
      continue;
    }
    const { input } = await loadRunReportInput(db, pool, run.id, { ...request, by: undefined });
    const report = await compute({ ...input, maps: null });
    rows.push({ run, report: report.questions[0] ?? null, reason: report.questions[0] ? null : 'free text has no statistics' });
  }
  return rows;
}
