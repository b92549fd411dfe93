/**
 * Body of one map worker thread: maps the chunks the pool sends (one at a time) and answers with
 * the chunk's reference rows, reporting progress every 250 ms. The tagger (13 MB of lexicon to
 * compile) is loaded once, while the first chunk is being decompressed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MiningMode } from '@/lib/mining/mining-options';
import type { MapContext } from '@/lib/mining/map-page';
import type { WorkerTask } from '@/lib/mining/map-work';
import { isInputError } from '@/lib/services/mining/input-errors';
import { SpoolDiskFullError, type ReadCounters } from '@/lib/services/mining/xml-source';
import { mapByteRange } from './map-xml';
import type { WorkerReply } from './worker-messages';

const port = parentPort!;
const { mode, path, maxPageChars } = workerData as { mode: MiningMode; path: string; maxPageChars?: number };
let context: Promise<MapContext> | null = null;
const loadContext = () =>
  (context ??= import('@/lib/mining/text/wink-tagger').then(({ createWinkTagger }) => ({ mode, tagger: createWinkTagger() })));

port.on('message', (task: WorkerTask) => {
  const counters: ReadCounters = { inputBytes: 0, xmlBytes: 0 };
  const timer = setInterval(
    () => port.postMessage({ type: 'progress', index: task.index, ...counters } satisfies WorkerReply),
    250,
  );
  mapByteRange({ path, start: task.start, end: task.end, compressed: task.compressed }, loadContext(), {
    expectedPages: task.expectedPages,
    threads: task.threads,
    spool: task.spool,
    limit: task.limit,
    runFolder: task.runFolder,
    counters,
    ...(maxPageChars ? { maxPageChars } : {}),
  })
    .then((result) => port.postMessage({ type: 'done', index: task.index, result } satisfies WorkerReply))
    .catch((error: unknown) =>
      port.postMessage({
        type: 'failed',
        index: task.index,
        message: error instanceof Error ? error.message : String(error),
        isInputError: isInputError(error),
        ...(error instanceof SpoolDiskFullError ? { diskFull: { folder: error.folder, neededBytes: error.neededBytes } } : {}),
      } satisfies WorkerReply),
    )
    .finally(() => clearInterval(timer));
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
