/**
 * Worker threads for answers that compute for long (bootstrap intervals: 10,000 resamples of a
 * 300-pair, 8-annotator campaign take seconds; a model run's report), read files a user sent (a questions file of the
 * qa-assessed import) or compute measures (the pairs an annotation file adds: 31,000 took the web
 * server's thread for 1.3 s; an import's text measures, batch by batch, beside the thread that
 * reads the file and writes the rows), so the web server's own thread stays free for every other request
 * while they run, and a task that runs out of memory (a heap of WORKER_HEAP_MB) ends its worker,
 * not the server. A small pool (PARALENS_COMPUTE_WORKERS, default: one per
 * core beyond the first, at most 2), started on first use; tasks queue when every worker is busy.
 * A worker that dies fails its task and is replaced on the next one; idle workers do not keep the
 * process alive.
 *
 * The workers are TypeScript modules, so each thread registers tsx before importing
 * compute-worker.ts (as the miner's workers do, lib/jobs/mining/worker-pool.ts). Paths come from
 * the project root, not import.meta.url: inside the Next.js production build this module runs from
 * a bundled chunk under .next/, while the worker runs the sources (tsx is a dependency).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { setting, type Env } from '@/lib/config/settings';
import type { AgreementOptions, QuestionAgreement, QuestionTableInput } from '@/lib/dashboards/question-agreement';
import type { QaQuestionsCheck } from '@/lib/import/open-qa-questions';
import type { AddedPairRows, AddedPairsInput } from '@/lib/pair-rows/prepare-added-pairs';
import type { ComputeJob, ComputeReply, ComputeResults, ComputeTask } from './compute-messages';
import type { RunReport, RunReportInput } from '@/lib/model-raters/report/run-report';
import type { MeasureBatch, MeasureBatchInput } from '@/lib/pair-rows/measure-batch';
import { projectRoot } from './paralens-home';

interface Pending {
  task: ComputeTask;
  resolve: (result: ComputeResults[ComputeJob['kind']]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

/** Old-generation heap of a compute worker. */
const WORKER_HEAP_MB = 1024;

export function computeWorkerCount(env: Env = process.env): number {
  return setting('PARALENS_COMPUTE_WORKERS', env) ?? Math.max(1, Math.min(2, availableParallelism() - 1));
}

function workerSource(): string {
  const tsxApi = pathToFileURL(path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'esm', 'api', 'index.mjs')).href;
  const tsconfig = path.join(projectRoot, 'tsconfig.json');
  const workerModule = pathToFileURL(path.join(projectRoot, 'lib', 'runtime', 'compute-worker.ts')).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(workerModule)}); })`;
}

class ComputePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  run<K extends ComputeJob['kind']>(job: Extract<ComputeJob, { kind: K }>): Promise<ComputeResults[K]> {
    return new Promise((resolve, reject) => {
      const task = { ...job, id: this.nextId++ } as ComputeTask;
      this.queue.push({ task, resolve: resolve as Pending['resolve'], reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.current === null) ?? (this.slots.length < this.size ? this.spawn() : null);
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.worker.ref(); // a task under way keeps the process alive until it answers
      slot.worker.postMessage(pending.task);
    }
  }

  private spawn(): Slot {
    // A bounded heap: a task that needs more (a file built to exhaust memory) ends its worker, not the web server.
    const worker = new Worker(workerSource(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const slot: Slot = { worker, current: null };
    worker.unref();
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index === -1) return;
      this.slots.splice(index, 1);
      slot.current?.reject(error);
      slot.current = null;
      void worker.terminate();
      this.dispatch();
    };
    worker.on('message', (reply: ComputeReply) => {
      const pending = slot.current;
      if (!pending || pending.task.id !== reply.id) return;
      slot.current = null;
      worker.unref();
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(new Error(reply.message));
      this.dispatch();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a compute worker stopped unexpectedly (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the compute workers were closed'));
    await Promise.all(
      slots.map(async (s) => {
        s.current?.reject(new Error('the compute workers were closed'));
        s.current = null;
        await s.worker.terminate();
      }),
    );
  }
}

// One pool per process (the Next.js build may load this module more than once).
const globalForPool = globalThis as unknown as { paralensComputePool?: ComputePool };

function pool(): ComputePool {
  return (globalForPool.paralensComputePool ??= new ComputePool(computeWorkerCount()));
}

/** Every question's agreement (with its bootstrap intervals), computed on a worker thread. */
export function computeAgreementOffThread(
  tables: QuestionTableInput[],
  options: AgreementOptions,
): Promise<Record<string, QuestionAgreement>> {
  return pool().run({ kind: 'agreement', tables, options });
}

/** An uploaded questions file of the qa-assessed import, read and checked on a worker thread. */
export function checkQaQuestionsFileOffThread(path: string, fileName: string): Promise<QaQuestionsCheck> {
  return pool().run({ kind: 'qa-questions', path, fileName });
}

/** A model run's report (its bootstrap intervals and alt-tests), computed on a worker thread. */
export function computeRunReportOffThread(input: RunReportInput): Promise<RunReport> {
  return pool().run({ kind: 'judge', input });
}

/** The rows and measures of pairs an annotation file creates, computed on a worker thread. */
export function prepareAddedPairsOffThread(input: AddedPairsInput): Promise<AddedPairRows> {
  return pool().run({ kind: 'prepare-pairs', input });
}

/** The text measures of a batch of an import's pairs, computed on a worker thread. */
export function measureBatchOffThread(input: MeasureBatchInput): Promise<MeasureBatch> {
  return pool().run({ kind: 'measure-batch', input });
}

/** Ends the worker threads (tests; the web server's threads end with its process). */
export async function closeComputeWorkers(): Promise<void> {
  const current = globalForPool.paralensComputePool;
  globalForPool.paralensComputePool = undefined;
  await current?.close();
}
