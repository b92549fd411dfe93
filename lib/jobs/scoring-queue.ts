/**
 * Scoring jobs started from the web app (the corpus page) or queued after an import: the job
 * supervisor (lib/jobs/job-supervisor.ts) claims them and runs each in its own process
 * (`paralens run-job score <id>` → runQueuedScoring). One job per corpus runs at a time; a cancel
 * is a flag the job reads after each batch. Jobs whose owner is gone (lib/jobs/orphans.ts) are
 * queued again and continue where they stopped.
 */
import type { Database } from '@/lib/db/database';
import { claimNextQueuedScoring, failScoringIfUnfinished, getScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import type { JobKind } from './job-supervisor';
import { runScoring, type ScoringReport } from '@/lib/services/scoring/run-scoring';
import { warmDistributionsAfterJob } from '@/lib/services/dashboards/warm-distributions';

export const scoringJobKind: JobKind = {
  name: 'score',
  // Its files are the installed models (PARALENS_SHARED_DIR/models or PARALENS_HOME/models): claimed
  // only by an instance whose files folder is the one of the instance that queued it.
  usesFiles: true,
  claimNext: (db, ownerId, filesFolderId) => claimNextQueuedScoring(db, ownerId, filesFolderId),
  async failUnfinished(db, id, why) {
    await failScoringIfUnfinished(db, id, why);
  },
  async failReported(db, id, message) {
    await failScoringIfUnfinished(db, id, message, { asWritten: true });
  },
};

/** Runs a claimed scoring job in this (job) process. */
export async function runQueuedScoring(
  db: Database,
  jobId: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ScoringReport | null> {
  const job = await getScoringJob(db, jobId);
  if (job?.status !== 'RUNNING') return null;
  const report = await runScoring({ db, jobId, modelsDir: resolveModelsDir(env) });
  if (report.status === 'SUCCEEDED' && report.recorded !== false) await warmDistributionsAfterJob(db, job.corpusId);
  return report;
}
