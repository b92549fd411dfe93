/**
 * Jobs whose owner is gone (docs/decisions/008-job-ownership.md), at start-up and every few seconds
 * while the job supervisor runs: nothing stays RUNNING without a living process behind it. Imports
 * and exports are failed and their files deleted; scoring and index jobs go back to the queue and
 * continue where they stopped; mining runs are failed resumably (the same command continues them);
 * model installs are failed (the next one starts again); model runs wait again and continue without
 * asking what they recorded.
 */
import type { Db } from '@/lib/db/client';
import { requeueInterruptedIndexJobs } from '@/lib/db/jobs/index-jobs';
import { failInterruptedMiningRuns } from '@/lib/db/mining/mining-runs';
import { failInterruptedModelInstalls } from '@/lib/db/jobs/model-install-jobs';
import { requeueInterruptedScoring } from '@/lib/db/jobs/scoring-jobs';
import { requeueInterruptedModelRuns } from '@/lib/db/model-raters/model-runs';
import { failOrphanedExports } from './export-queue';
import { failOrphanedImports } from './import-queue';
import { pruneOwners } from '@/lib/runtime/job-owner';

export interface OrphanRecovery {
  imports: number;
  exports: number;
  scoring: number;
  index: number;
  mining: number;
  modelInstalls: number;
  modelRuns: number;
}

/** How often the job supervisor looks for jobs whose owner is gone. */
export const ORPHAN_CHECK_MS = 5_000;

export async function recoverOrphanedJobs(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<OrphanRecovery> {
  await pruneOwners(db);
  return {
    imports: await failOrphanedImports(db, env),
    exports: await failOrphanedExports(db, env),
    scoring: await requeueInterruptedScoring(db),
    index: await requeueInterruptedIndexJobs(db),
    mining: await failInterruptedMiningRuns(db),
    modelInstalls: await failInterruptedModelInstalls(db),
    modelRuns: await requeueInterruptedModelRuns(db),
  };
}

/** One line per kind that had jobs without an owner, for the server log. */
export function describeOrphanRecovery(r: OrphanRecovery): string[] {
  return [
    r.imports > 0 ? `Marked ${r.imports} interrupted import(s) as failed; nothing of them was imported.` : null,
    r.scoring > 0 ? `Queued ${r.scoring} interrupted scoring job(s) again; they continue where they stopped.` : null,
    r.index > 0 ? `Queued ${r.index} interrupted index job(s) again.` : null,
    r.exports > 0 ? `Marked ${r.exports} interrupted export(s) as failed; they can be run again from /exports.` : null,
    r.mining > 0
      ? `Marked ${r.mining} interrupted mining run(s) as failed; Resume on the Mining page or the same paralens mine command continues them.`
      : null,
    r.modelInstalls > 0
      ? `Marked ${r.modelInstalls} interrupted model install(s) as failed; an admin can start them again on /admin/models.`
      : null,
    r.modelRuns > 0
      ? `Queued ${r.modelRuns} interrupted model run(s) again; they continue without asking again what they recorded.`
      : null,
  ].filter((line): line is string => line !== null);
}
