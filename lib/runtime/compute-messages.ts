/** Messages between the web server and its compute worker threads (lib/runtime/compute-workers.ts). */
import type { AgreementOptions, QuestionAgreement, QuestionTableInput } from '@/lib/dashboards/question-agreement';

export interface ComputeTask {
  id: number;
  kind: 'agreement';
  tables: QuestionTableInput[];
  options: AgreementOptions;
}

export type ComputeReply =
  { id: number; ok: true; result: Record<string, QuestionAgreement> } | { id: number; ok: false; message: string };
