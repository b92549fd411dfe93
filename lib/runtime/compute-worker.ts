/**
 * Body of one compute worker thread (lib/runtime/compute-workers.ts): answers each task the pool
 * sends, one at a time: a campaign's agreement with bootstrap intervals, or a model run's report.
 */
import { parentPort } from 'node:worker_threads';
import { computeQuestionAgreements } from '@/lib/dashboards/question-agreement';
import { computeRunReport } from '@/lib/model-raters/report/run-report';
import type { ComputeReply, ComputeTask } from './compute-messages';

const port = parentPort!;

port.on('message', (task: ComputeTask) => {
  let reply: ComputeReply;
  try {
    const result = task.kind === 'judge' ? computeRunReport(task.input) : computeQuestionAgreements(task.tables, task.options);
    reply = { id: task.id, ok: true, result };
  } catch (error) {
    reply = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
