/** Cancel a job of any cancellable kind (POST /api/v1/jobs/{kind}/{id}/cancel): the kind's own cancel, from the registry. */
import type { CancellableJobKind } from '@/lib/api/contracts/jobs';
import type { Db } from '@/lib/db/client';
import { jobCancellers, type JobActor } from './job-kinds';

export async function cancelJob(
  db: Db,
  actor: JobActor,
  kind: CancellableJobKind,
  id: number,
): Promise<{ kind: CancellableJobKind; jobId: number; result: string }> {
  return { kind, jobId: id, result: await jobCancellers[kind](db, actor, id) };
}
