/**
 * Imports started from the web app: the upload route stores the file and a waiting job, the
 * researcher confirms the format (the job joins the queue), and the job supervisor beside the
 * web server (lib/jobs/job-supervisor.ts) runs each confirmed job in its own process
 * (`paralens run-job import <id>` → runQueuedImport). Closing the page does not stop an import;
 * a cancel is a flag in the job row that the import reads at its next progress tick.
 */
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import type { Database } from '@/lib/db/database';
import {
  claimNextConfirmedImport,
  failImportIfUnfinished,
  getImportJobSource,
  releaseImportSource,
} from '@/lib/db/imports/import-jobs';
import { expireRejectsFiles, expireUploads, failInterruptedImports, listImportJobFiles } from '@/lib/db/imports/import-job-files';
import { expireStalledUploads } from '@/lib/db/imports/upload-slots';
import { setting, type Env } from '@/lib/config/settings';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { importLimitsFromEnv } from '@/lib/import/limits';
import type { JobKind } from './job-supervisor';
import {
  ensurePrivateDir,
  jobFilesDir,
  jobFolderShown,
  removeFile,
  securePrivateFiles,
  sweepOrphanFiles,
} from '@/lib/runtime/private-files';
import { runImport, type ImportReport } from '@/lib/services/imports/run-import';
import { warmDistributionsAfterJob } from '@/lib/services/dashboards/warm-distributions';

export const importJobKind: JobKind = {
  name: 'import',
  usesFiles: true,
  claimNext: (db, ownerId, filesFolderId) => claimNextConfirmedImport(db, ownerId, filesFolderId),
  async failUnfinished(db, id, why) {
    await failImportIfUnfinished(db, id, `${why}: nothing was imported.`);
  },
  async failReported(db, id, message) {
    await failImportIfUnfinished(db, id, message);
  },
  async cleanUp(db, id) {
    const job = await getImportJobSource(db, id);
    await removeFile(job?.sourcePath);
    await removeFile(job?.options.questionsPath);
    await releaseImportSource(db, id);
  },
};

/** Runs a claimed import in this (job) process; the upload is deleted when it ends. */
export async function runQueuedImport(
  db: Database,
  jobId: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ImportReport | null> {
  const job = await getImportJobSource(db, jobId);
  if (!job?.sourcePath || job.status !== 'RUNNING') return null;
  const { options } = job;
  await ensurePrivateDir(jobFilesDir('rejects', env));
  try {
    const report = await runImport({
      db,
      jobId,
      filePath: job.sourcePath,
      fileName: job.fileName,
      corpusId: job.corpusId,
      createdById: job.createdById,
      skipInvalid: options.skipInvalid,
      rejectsPath: importRejectsPath(jobId, env),
      rejectsFolderShown: jobFolderShown('rejects', env),
      rerun: 'Upload the file again',
      limits: importLimitsFromEnv(env),
      ...(options.format ? { format: options.format } : {}),
      ...(options.tier ? { tier: options.tier } : {}),
      ...(options.map ? { map: options.map } : {}),
      ...(options.questionsPath
        ? { questionsPath: options.questionsPath, questionsFileName: options.questionsFileName ?? 'questions' }
        : {}),
      ...(options.language ? { language: options.language } : {}),
    });
    if (report.status === 'SUCCEEDED') await warmDistributionsAfterJob(db, job.corpusId);
    return report;
  } finally {
    await removeFile(job.sourcePath);
    await removeFile(options.questionsPath);
    // With the database gone, the supervisor's clean-up releases it once the job's end is recorded.
    await releaseImportSource(db, jobId).catch((error: unknown) => {
      if (!isConnectionLost(error)) throw error;
    });
  }
}

/** Where a web import writes the lines it rejected. */
function importRejectsPath(jobId: number, env: NodeJS.ProcessEnv): string {
  return path.join(jobFilesDir('rejects', env), `import-${jobId}.rejects.jsonl`);
}

/**
 * Imports whose owner is gone are failed at once (gone owners pruned first by the caller,
 * lib/jobs/orphans.ts); their upload and partial rejects file are deleted.
 */
export async function failOrphanedImports(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { ids, files } = await failInterruptedImports(db);
  for (const file of [...files, ...ids.map((id) => importRejectsPath(id, env))]) await removeFile(file);
  return ids.length;
}

const HOUR = 60 * 60_000;

/** An upload slot whose upload sent nothing for this long is given back (its heartbeat is UPLOAD_HEARTBEAT_MS). */
const STALLED_UPLOAD_MS = 5 * 60_000;

/**
 * Periodic: uploads never started expire (PARALENS_UPLOAD_TTL_HOURS, default 24); rejects files go after
 * PARALENS_REJECTS_RETENTION_DAYS (default 30); slots of uploads that stopped arriving are given back.
 */
export async function expireImportFiles(db: Db, env: Env = process.env): Promise<number> {
  await expireStalledUploads(db, STALLED_UPLOAD_MS);
  const uploads = await expireUploads(db, setting('PARALENS_UPLOAD_TTL_HOURS', env) * HOUR);
  const rejects = await expireRejectsFiles(db, setting('PARALENS_REJECTS_RETENTION_DAYS', env) * 24 * HOUR);
  for (const file of [...uploads, ...rejects]) await removeFile(file);
  return uploads.length + rejects.length;
}

/**
 * At start-up, before the supervisor runs (after lib/jobs/orphans.ts failed the imports whose owner
 * is gone): the private folders are tightened, expired files go, and files no job refers to are deleted.
 */
export async function cleanImportFilesAtStartup(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  await securePrivateFiles(env);
  const expired = await expireImportFiles(db, env);
  const orphans = await sweepOrphanFiles(await listImportJobFiles(db), env);
  return expired + orphans;
}
