/**
 * Imports started from the web app run in the server process, in the background and one at a
 * time (the machine has two cores; the database needs one): closing the page does not stop them.
 * Progress lives in the ImportJob row, which the corpus page polls. A cancel request stops the
 * job at its next progress tick; nothing of a cancelled or failed import is published.
 */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { getDb } from '@/lib/db/client';
import { finishImportJob } from '@/lib/db/import-jobs';
import { runImport } from './run-import';
import { jobFilesDir, removeFile } from './uploads';

export interface QueuedImport {
  jobId: number;
  corpusId: number;
  createdById: number;
  sourcePath: string;
  fileName: string;
  format?: string;
  tier?: string;
  map?: string;
  skipInvalid: boolean;
}

interface QueueState {
  tail: Promise<void>;
  cancelled: Set<number>;
  active: Set<number>;
}

const globalForQueue = globalThis as unknown as { paralensImportQueue?: QueueState };
const state: QueueState = (globalForQueue.paralensImportQueue ??= { tail: Promise.resolve(), cancelled: new Set(), active: new Set() });

async function runQueued(job: QueuedImport): Promise<void> {
  const db = getDb();
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  if (state.cancelled.has(job.jobId)) {
    await finishImportJob(db, job.jobId, { status: 'CANCELLED', recordsRead: 0, rejected: 0, errorCount: 0, errors: [], message: 'Cancelled before it started: nothing was published.', rejectsPath: null });
    return;
  }
  const rejectsDir = jobFilesDir('rejects');
  await mkdir(rejectsDir, { recursive: true });
  state.active.add(job.jobId);
  try {
    await runImport({
      db,
      databaseUrl: url,
      filePath: job.sourcePath,
      fileName: job.fileName,
      corpusId: job.corpusId,
      createdById: job.createdById,
      jobId: job.jobId,
      skipInvalid: job.skipInvalid,
      rejectsPath: path.join(rejectsDir, `import-${job.jobId}.rejects.jsonl`),
      ...(job.format ? { format: job.format } : {}),
      ...(job.tier ? { tier: job.tier } : {}),
      ...(job.map ? { map: job.map } : {}),
      isCancelled: () => state.cancelled.has(job.jobId),
    });
  } finally {
    state.active.delete(job.jobId);
    state.cancelled.delete(job.jobId);
    await removeFile(job.sourcePath);
    await db.importJob.update({ where: { id: job.jobId }, data: { sourcePath: null } }).catch(() => {});
  }
}

export function enqueueImport(job: QueuedImport): void {
  state.tail = state.tail.then(() => runQueued(job)).catch((error: unknown) => console.error(`import #${job.jobId} failed:`, error));
}

export function requestImportCancel(jobId: number): void {
  state.cancelled.add(jobId);
}

export function isImportActive(jobId: number): boolean {
  return state.active.has(jobId);
}
