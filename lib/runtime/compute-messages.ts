/** Messages between the web server and its compute worker threads (lib/runtime/compute-workers.ts). */
import type { AgreementOptions, QuestionAgreement, QuestionTableInput } from '@/lib/dashboards/question-agreement';
import type { QaQuestionsCheck } from '@/lib/import/open-qa-questions';
import type { AddedPairRows, AddedPairsInput } from '@/lib/pair-rows/prepare-added-pairs';
import type { RunReport, RunReportInput } from '@/lib/model-raters/report/run-report';
import type { MeasureBatch, MeasureBatchInput } from '@/lib/pair-rows/measure-batch';

/** What a worker can be asked to do. */
export type ComputeJob =
  /** a campaign's agreement with bootstrap intervals */
  | { kind: 'agreement'; tables: QuestionTableInput[]; options: AgreementOptions }
  /** an uploaded questions file of the qa-assessed import, read and checked line by line */
  | { kind: 'qa-questions'; path: string; fileName: string }
  /** the rows and measures of pairs an annotation file creates (`addPairs`) */
  | { kind: 'prepare-pairs'; input: AddedPairsInput }
  /** a model run's judged-like-a-human report (bootstrap intervals, alt-tests) */
  | { kind: 'judge'; input: RunReportInput }
  /** the text measures of a batch of an import's pairs */
  | { kind: 'measure-batch'; input: MeasureBatchInput };

export interface ComputeResults {
  agreement: Record<string, QuestionAgreement>;
  'qa-questions': QaQuestionsCheck;
  'prepare-pairs': AddedPairRows;
  judge: RunReport;
  'measure-batch': MeasureBatch;
}

export type ComputeTask = ComputeJob & { id: number };

export type ComputeReply =
  { id: number; ok: true; result: ComputeResults[ComputeJob['kind']] } | { id: number; ok: false; message: string };
