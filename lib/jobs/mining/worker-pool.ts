/**
 * The map's worker threads (each chunk with its own decompressor process). `startMapWorkers` boots
 * them at once, so they load while the run is still being planned; `run` then maps the chunks:
 * finished chunks are handed to `onDone` one at a time and in completion order (the caller COPYs
 * them into PostgreSQL); the first failure, or `isCancelled`, stops the run. `close` ends the
 * threads. Workers are TypeScript modules, so each thread registers tsx before importing
 * map-worker.ts.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MiningCancelled, type MapWorkers, type PoolHandlers, type WorkerOptions, type WorkerTask } from '@/lib/mining/map-work';
import { MiningInputError } from '@/lib/services/mining/input-errors';
import { SpoolDiskFullError } from '@/lib/services/mining/xml-source';
import type { WorkerReply } from './worker-messages';

/** Old-generation heap of a worker: the tagger's lexicon, one chunk's rows and a page of at most 16 M characters. */
const WORKER_HEAP_MB = 320;

const require = createRequire(import.meta.url);
const tsxApi = pathToFileURL(require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
const tsconfig = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url));
const workerModule = new URL('./map-worker.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(workerModule)}); })`;

export function startMapWorkers(options: WorkerOptions): MapWorkers {
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  let failure: Error | null = null;
  // set while `run` is under way
  let current: {
    onReady: (worker: Worker) => void;
    onReply: (worker: Worker, reply: Exclude<WorkerReply, { type: 'ready' }>) => void;
    fail: (error: Error) => void;
  } | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    current?.fail(error);
  };
  for (let i = 0; i < Math.max(1, options.workers); i++) {
    // A bounded heap keeps each worker's memory flat (V8 would otherwise grow it lazily on a large machine).
    const worker = new Worker(bootstrap, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      workerData: { mode: options.mode, path: options.path, maxPageChars: options.maxPageChars },
    });
    workers.push(worker);
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => code !== 0 && fail(new Error(`a mining worker stopped unexpectedly (exit code ${code})`)));
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type !== 'ready') return current?.onReply(worker, reply);
      if (current) current.onReady(worker);
      else idle.push(worker);
    });
  }

  const run = async (tasks: readonly WorkerTask[], handlers: PoolHandlers): Promise<void> => {
    if (tasks.length === 0) return;
    const queue = [...tasks];
    let committing: Promise<void> = Promise.resolve();
    let settled = false;
    try {
      await new Promise<void>((resolve, reject) => {
        let active = 0;
        const stop = (error: Error) => {
          if (settled) return;
          settled = true;
          reject(error);
        };
        const next = (worker: Worker) => {
          if (settled) return;
          if (handlers.isCancelled()) return stop(new MiningCancelled('cancelled'));
          const task = queue.shift();
          if (!task) {
            idle.push(worker);
            if (active === 0) void committing.then(() => !settled && ((settled = true), resolve()));
            return;
          }
          active++;
          worker.postMessage(task);
        };
        current = {
          fail: stop,
          onReady: next,
          onReply: (worker, reply) => {
            if (reply.type === 'progress') return handlers.onProgress(reply.index, reply.inputBytes, reply.xmlBytes);
            active--;
            if (reply.type === 'failed')
              return stop(
                reply.diskFull
                  ? new SpoolDiskFullError(reply.diskFull.folder, reply.diskFull.neededBytes)
                  : reply.isInputError
                    ? new MiningInputError(reply.message)
                    : new Error(reply.message),
              );
            committing = committing
              .then(() => handlers.onDone(reply.index, reply.result))
              .catch((error: unknown) => stop(error instanceof Error ? error : new Error(String(error))));
            next(worker);
          },
        };
        if (failure) return stop(failure);
        for (const worker of idle.splice(0)) next(worker);
      });
      await committing;
    } finally {
      settled = true;
      current = null;
      // A chunk being committed when the run stops still finishes, so the progress reported matches
      // the chunks marked done in the database.
      await committing.catch(() => {});
    }
  };

  return { run, close: async () => void (await Promise.all(workers.map((w) => w.terminate()))) };
}
