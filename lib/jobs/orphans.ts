/**
 * Jobs whose owner is gone (docs/decisions/008-job-ownership.md), at start-up and every few seconds
 * while the job supervisor runs: nothing stays RUNNING without a living process behind it. Imports
 * and exports are failed and their files deleted; scoring and index jobs go back to the queue and
 * continue where they stopped; mining runs are failed resumably (the same command continues them);
 * model installs are failed (the next one starts again); model runs wait again and continue without
 * asking what they recorded.
 */
import type { Db } from '@/lib/db/client';
import { pruneOwners } from '@/lib/runtime/job-owner';
import { supervisedJobKinds } from './job-kinds';

/** How many jobs of each kind were ended or queued again, by the kind's `orphans.key` (`imports`, `scoring`, …). */
export type OrphanRecovery = Record<string, number>;

/** How often the job supervisor looks for jobs whose owner is gone. */
export const ORPHAN_CHECK_MS = 5_000;

export async function recoverOrphanedJobs(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<OrphanRecovery> {
  await pruneOwners(db);
  const recovered: OrphanRecovery = {};
  for (const { orphans } of supervisedJobKinds) recovered[orphans.key] = await orphans.recover(db, env);
  return recovered;
}

/** One line per kind that had jobs without an owner, for the server log. */
export function describeOrphanRecovery(r: OrphanRecovery): string[] {
  return supervisedJobKinds.flatMap(({ orphans }) => ((r[orphans.key] ?? 0) > 0 ? [orphans.line(r[orphans.key]!)] : []));
}
