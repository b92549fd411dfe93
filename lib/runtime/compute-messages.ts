/** Messages between the web server and its compute worker threads (lib/runtime/compute-workers.ts). */
import type { AgreementOptions, QuestionTableInput } from '@/lib/dashboards/question-agreement';
import type { RunReportInput } from '@/lib/model-raters/report/run-report';

/** What a worker computes: a campaign's agreement with bootstrap intervals, or a model run's report. */
export type ComputeJob =
  { kind: 'agreement'; tables: QuestionTableInput[]; options: AgreementOptions } | { kind: 'judge'; input: RunReportInput };

export type ComputeTask = ComputeJob & { id: number };

export type ComputeReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };
