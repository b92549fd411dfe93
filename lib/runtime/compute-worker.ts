/**
 * Body of one compute worker thread (lib/runtime/compute-workers.ts): answers each task the pool
 * sends, one at a time. Today's one kind of task: a campaign's agreement with bootstrap intervals.
 */
import { parentPort } from 'node:worker_threads';
import { computeQuestionAgreements } from '@/lib/dashboards/question-agreement';
import type { ComputeReply, ComputeTask } from './compute-messages';

const port = parentPort!;

port.on('message', (task: ComputeTask) => {
  let reply: ComputeReply;
  try {
    reply = { id: task.id, ok: true, result: computeQuestionAgreements(task.tables, task.options) };
  } catch (error) {
    reply = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
