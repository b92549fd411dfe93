/**
 * Body of one compute worker thread (lib/runtime/compute-workers.ts): answers each task the pool
 * sends, one at a time: a campaign's agreement with bootstrap intervals, the check of an uploaded
 * questions file, the measures of pairs an annotation file adds, a model run's report, the text
 * measures of a batch of an import's pairs.
 */
import { parentPort } from 'node:worker_threads';
import { computeQuestionAgreements } from '@/lib/dashboards/question-agreement';
import { checkQaQuestionsFile } from '@/lib/import/open-qa-questions';
import { prepareAddedPairs } from '@/lib/pair-rows/prepare-added-pairs';
import { computeRunReport } from '@/lib/model-raters/report/run-report';
import { measureBatch } from '@/lib/pair-rows/measure-batch';
import type { ComputeReply, ComputeResults, ComputeTask } from './compute-messages';

const port = parentPort!;

async function perform(task: ComputeTask): Promise<ComputeResults[ComputeTask['kind']]> {
  switch (task.kind) {
    case 'agreement':
      return computeQuestionAgreements(task.tables, task.options);
    case 'qa-questions':
      return checkQaQuestionsFile(task.path, task.fileName);
    case 'prepare-pairs':
      return prepareAddedPairs(task.input);
    case 'judge':
      return computeRunReport(task.input);
    case 'measure-batch':
      return measureBatch(task.input);
  }
}

port.on('message', (task: ComputeTask) => {
  perform(task).then(
    (result) => port.postMessage({ id: task.id, ok: true, result } satisfies ComputeReply),
    (error: unknown) =>
      port.postMessage({
        id: task.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ComputeReply),
  );
});
