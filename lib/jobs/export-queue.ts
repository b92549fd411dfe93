/**
 * Exports started from the web app (/exports, the explorer's "Export this view"): the action queues
 * an ExportJob, the job supervisor (lib/jobs/job-supervisor.ts) runs it in its own process
 * (`paralens run-job export <id>` → runQueuedExport), writing PARALENS_HOME/exports/<id>-<name>
 * (an HF folder is packed into a .tar.gz). The file is recorded on the job only once complete; a job
 * whose process dies or that a restart interrupts is failed, its partial output removed, and the
 * user can queue it again.
 */
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import type { Database } from '@/lib/db/database';
import {
  claimNextQueuedExport,
  failExportIfUnfinished,
  failInterruptedExports,
  finishExportJob,
  getExportJob,
  listActiveExportIds,
  listExportFiles,
  recordExportProgress,
  startExportJob,
} from '@/lib/db/exports/export-jobs';
import { resolveCampaignSource, resolveCorpusSource, type ExportSource } from '@/lib/db/exports/export-sources';
import { resolveViewSource } from '@/lib/db/exports/export-view-source';
import { exportFileName, readStoredOptions, type ExportFormatName } from '@/lib/export/export-options';
import type { JobKind } from './job-supervisor';
import { ensurePrivateDir, jobFilesDir, jobFolderShown } from '@/lib/runtime/private-files';
import { HF_DATA_FILE, runExport, type ExportResult } from '@/lib/services/exports/run-export';
import { writeTarGz } from './tar-gz';
import { describeExportFailure } from '@/lib/services/exports/export-failure';
import { freeBytesAt } from '@/lib/runtime/disk-space';
import { RecordedFailure, UnrecordedFailure } from './job-process';
import { withDbRetry } from '@/lib/db/retry';
import { isConnectionLost } from '@/lib/errors/failure-causes';

export const exportJobKind: JobKind = {
  name: 'export',
  usesFiles: true,
  claimNext: (db, ownerId, filesFolderId) => claimNextQueuedExport(db, ownerId, filesFolderId),
  async failUnfinished(db, id, why) {
    if (await failExportIfUnfinished(db, id, why)) await removeExportOutput(id);
  },
  async failReported(db, id, message) {
    await removeExportOutput(id);
    await finishExportJob(db, id, { status: 'FAILED', message });
  },
};

/** Removes whatever a job wrote (partial or not) in the exports folder. */
async function removeExportOutput(id: number, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const dir = jobFilesDir('exports', env);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) if (name.startsWith(`${id}-`)) await rm(path.join(dir, name), { recursive: true, force: true });
}

async function resolveSource(
  db: Database,
  job: NonNullable<Awaited<ReturnType<typeof getExportJob>>>,
): Promise<ExportSource | null> {
  if (job.scope === 'corpus' && job.scopeSlug) return resolveCorpusSource(db, job.scopeSlug);
  if (job.scope === 'campaign' && job.scopeSlug) return resolveCampaignSource(db, job.scopeSlug);
  if (job.filters === null) return null;
  return resolveViewSource(db, db, job.filters);
}

const THROTTLE_MS = 500;

/** Runs a claimed export in this (job) process. */
export async function runQueuedExport(
  db: Database,
  jobId: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ExportResult | null> {
  const job = await getExportJob(db, jobId);
  if (job?.status !== 'RUNNING') return null;
  try {
    const source = await resolveSource(db, job);
    if (!source) throw new Error('its corpus, campaign or view no longer exists');
    const format = job.format.toLowerCase() as ExportFormatName;
    const { include } = readStoredOptions(job.options, source.campaignId !== null);
    const dir = await ensurePrivateDir(jobFilesDir('exports', env));
    const outPath = path.join(dir, `${jobId}-${exportFileName(source.name, format)}`);
    let lastWrite = 0;
    let started = false;
    const result = await runExport({
      db,
      source,
      format,
      parts: include,
      outPath,
      onProgress: async ({ rows, total, bytes }) => {
        if (!started) {
          started = true;
          return startExportJob(db, jobId, total);
        }
        if (Date.now() - lastWrite < THROTTLE_MS) return;
        lastWrite = Date.now();
        await recordExportProgress(db, jobId, { rowCount: rows, bytesWritten: bytes });
      },
    });
    let filePath = result.path;
    if (format === 'hf') {
      filePath = `${outPath}.tar.gz`;
      const name = path.basename(exportFileName(source.name, 'hf'));
      await writeTarGz(
        [
          { name: `${name}/README.md`, file: path.join(outPath, 'README.md') },
          { name: `${name}/${HF_DATA_FILE}`, file: path.join(outPath, HF_DATA_FILE) },
        ],
        `${filePath}.partial`,
      );
      await rm(filePath, { force: true });
      await rename(`${filePath}.partial`, filePath);
      await rm(outPath, { recursive: true, force: true });
    }
    await finishExportJob(db, jobId, {
      status: 'SUCCEEDED',
      message: `${result.rows.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s`,
      filePath,
      rowCount: result.rows,
      bytesWritten: result.bytes,
    });
    return result;
  } catch (error) {
    await removeExportOutput(jobId, env);
    const message = describeExportFailure(error, {
      rerun: 'Run it again from the Exports page',
      folder: jobFolderShown('exports', env),
      free: await freeBytesAt(jobFilesDir('exports', env)),
    });
    // The database may be what failed: tried for a few seconds, then handed to the supervisor (run-job).
    await withDbRetry(() => finishExportJob(db, jobId, { status: 'FAILED', message }), { attempts: 4 }).catch((e: unknown) => {
      throw isConnectionLost(e) ? new UnrecordedFailure(message) : e;
    });
    throw new RecordedFailure(message);
  }
}

/** Exports whose owner is gone are failed and whatever they wrote removed (gone owners pruned first, lib/jobs/orphans.ts). */
export async function failOrphanedExports(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const ids = await failInterruptedExports(db);
  for (const id of ids) await removeExportOutput(id, env);
  return ids.length;
}

/**
 * Start-up, before the supervisor runs (after lib/jobs/orphans.ts): files of no finished export removed,
 * but not those of a running export (another instance on the shared folder may be writing them).
 */
export async function cleanExportFilesAtStartup(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const keep = await listExportFiles(db);
  const active = await listActiveExportIds(db);
  const dir = await ensurePrivateDir(jobFilesDir('exports', env));
  let removed = 0;
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (keep.has(file) || active.has(Number(name.split('-')[0]))) continue;
    await rm(file, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
