/**
 * Body of one map worker thread: loads the tagger once, then maps the chunks the pool sends (one
 * at a time) and answers with the chunk's reference rows, reporting progress every 250 ms.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MiningMode } from '@/lib/mining/options';
import { createWinkTagger } from '@/lib/mining/text/wink-tagger';
import { mapByteRange } from './map-xml';
import { isInputError } from './errors';
import type { ReadCounters } from './xml-source';
import type { WorkerReply, WorkerTask } from './worker-messages';

const port = parentPort!;
const { mode, path, compressed, threads, maxPageChars } = workerData as { mode: MiningMode; path: string; compressed: boolean; threads: number; maxPageChars?: number };
const context = { mode, tagger: createWinkTagger() };

port.on('message', (task: WorkerTask) => {
  const counters: ReadCounters = { inputBytes: 0, xmlBytes: 0 };
  const timer = setInterval(() => port.postMessage({ type: 'progress', index: task.index, ...counters } satisfies WorkerReply), 250);
  mapByteRange({ path, start: task.start, end: task.end, compressed }, context, { expectedPages: task.expectedPages, threads, counters, ...(maxPageChars ? { maxPageChars } : {}) })
    .then((result) => port.postMessage({ type: 'done', index: task.index, result } satisfies WorkerReply))
    .catch((error: unknown) => port.postMessage({ type: 'failed', index: task.index, message: error instanceof Error ? error.message : String(error), isInputError: isInputError(error) } satisfies WorkerReply))
    .finally(() => clearInterval(timer));
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
