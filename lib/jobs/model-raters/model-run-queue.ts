/**
 * Model runs as a job kind of the job supervisor (lib/jobs/job-supervisor.ts): started from the
 * campaign page, the API or `paralens judge --detach`, claimed by a supervisor and run in a job
 * process of their own (`paralens run-job judge <id>` → runQueuedModelRun), so the requests to the
 * model never share the web server's event loop with the annotators' requests. Several runs may run
 * at once; each endpoint's limiter holds its limits across them.
 */
import type { Database } from '@/lib/db/database';
import { claimNextQueuedModelRun, failModelRunIfUnfinished, getModelRunOwner } from '@/lib/db/model-raters/model-runs';
import type { JobKind } from '../job-supervisor';
import { runModelJudging, type JudgeOutcome } from '@/lib/services/model-raters/run-model-judging';

export const modelRunJobKind: JobKind = {
  name: 'judge',
  claimNext: (db, ownerId) => claimNextQueuedModelRun(db, ownerId),
  async failUnfinished(db, id, why) {
    await failModelRunIfUnfinished(db, id, why);
  },
};

/** Runs a claimed run in this (job) process, as its supervisor's owner; null when it is not running. */
export async function runQueuedModelRun(db: Database, runId: number): Promise<JudgeOutcome | null> {
  const run = await getModelRunOwner(db, runId);
  if (run?.status !== 'RUNNING' || !run.ownerId) return null;
  // A job process works for the supervisor that claimed the run: the run stays that owner's.
  return runModelJudging(db, runId, { ownerId: run.ownerId });
}
