/**
 * Mining runs queued from the web app (lib/services/mining/queue-mining-run.ts): the job supervisor claims them and runs each
 * in a process of its own (`paralens run-job mine <id>` → runQueuedMining, the same runMining as
 * `paralens mine`); progress and funnel land in the run's row, which the Mining page polls. A
 * cancel is a flag the job reads between chunks. A process that died leaves the run failed and
 * resumable.
 */
import { realpath } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Database } from '@/lib/db/database';
import {
  claimNextQueuedMiningRun,
  failMiningRunIfUnfinished,
  getQueuedMiningRun,
  isMiningCancelRequested,
} from '@/lib/db/mining/mining-queue';
import type { MiningSettings } from '@/lib/mining/mining-options';
import type { JobKind } from '../job-supervisor';
import { dumpsDir } from '@/lib/services/mining/list-dumps';
import { runMining, type MiningReport, type RunMiningOptions } from '@/lib/services/mining/run-mining';
import { startMapWorkers } from './worker-pool';

export const miningJobKind: JobKind = {
  name: 'mine',
  usesFiles: true,
  claimNext: (db, ownerId, filesFolderId) => claimNextQueuedMiningRun(db, ownerId, filesFolderId),
  failUnfinished: (db, id, why) => failMiningRunIfUnfinished(db, id, why),
  failReported: (db, id, message) => failMiningRunIfUnfinished(db, id, message, { asWritten: true }),
};

/** How often a running job looks for a cancel. */
const CANCEL_POLL_MS = 500;

/**
 * Runs a claimed run in this (job) process; null when it is not running. `extra` is for tests
 * (chunk size, events, a stop at a chosen point besides the run's cancel flag).
 */
export async function runQueuedMining(
  db: Database,
  id: number,
  extra: Pick<RunMiningOptions, 'chunkBytes' | 'onEvent' | 'isCancelled'> = {},
): Promise<MiningReport | null> {
  const row = await getQueuedMiningRun(db, id);
  if (row?.status !== 'RUNNING') return null;
  const o = row.options as unknown as Required<MiningSettings>;
  let cancelled = await isMiningCancelRequested(db, id);
  const poll = setInterval(() => {
    isMiningCancelRequested(db, id)
      .then((asked) => void (cancelled ||= asked))
      .catch(() => undefined);
  }, CANCEL_POLL_MS);
  const dumps = dumpsDir();
  const shownFolders = [
    { path: await realpath(dumps).catch(() => dumps), shownAs: '' },
    { path: dumps, shownAs: '' },
  ];
  try {
    return await runMining({
      db,
      startWorkers: startMapWorkers,
      dumpPath: row.dumpPath,
      indexPath: row.indexPath,
      referencesPath: null,
      corpusName: row.corpusName,
      tier: o.tier,
      mode: o.mode,
      minRefs: o.minRefs,
      maxRefs: o.maxRefs,
      silverRule: o.silverRule,
      // a run queued before the web app capped workers at the cores (or from another machine) gets the cores
      workers: Math.min(o.workers, availableParallelism()),
      createdById: row.createdById,
      queuedRunId: id,
      shownFolders,
      ...extra,
      isCancelled: () => cancelled || (extra.isCancelled?.() ?? false),
    });
  } finally {
    clearInterval(poll);
  }
}
