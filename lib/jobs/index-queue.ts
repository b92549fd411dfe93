/**
 * Index jobs: after an import commits, the job supervisor (lib/jobs/job-supervisor.ts) builds the
 * corpus's explorer indexes in a process of its own (`paralens run-job index <id>` →
 * runQueuedIndexJob), on a plain connection outside any transaction (docs/decisions/006).
 */
import type { Database } from '@/lib/db/database';
import { buildExplorerIndexesAt } from '@/lib/db/pairs/explore-indexes';
import {
  failIndexIfUnfinished,
  finishIndexJob,
  getIndexJob,
  recordIndexProgress,
  claimNextQueuedIndex,
} from '@/lib/db/jobs/index-jobs';
import type { JobKind } from './job-supervisor';

export const indexJobKind: JobKind = {
  name: 'index',
  claimNext: (db, ownerId) => claimNextQueuedIndex(db, ownerId),
  async failUnfinished(db, id, why) {
    await failIndexIfUnfinished(db, id, why);
  },
};

/**
 * Builds the indexes of a claimed job in this (job) process; returns how many the corpus has, or
 * null when the job is not running.
 */
export async function runQueuedIndexJob(db: Database, jobId: number): Promise<number | null> {
  const job = await getIndexJob(db, jobId);
  if (job?.status !== 'RUNNING') return null;
  try {
    const total = await buildExplorerIndexesAt(db, job.corpusId, (built, of) => recordIndexProgress(db, jobId, built, of));
    await finishIndexJob(db, jobId, { status: 'SUCCEEDED', message: `${total} indexes ready` });
    return total;
  } catch (error) {
    await finishIndexJob(db, jobId, { status: 'FAILED', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
