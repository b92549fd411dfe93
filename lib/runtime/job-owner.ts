/**
 * This process as the owner of the jobs it runs (docs/decisions/008-job-ownership.md): an id made
 * once per process, registered in JobOwner before the first job is claimed or created, and renewed
 * every few seconds while the process lives. The job supervisor beside the web server and the
 * command line (`paralens import`, `score`, `mine`) are owners; job processes work for their
 * supervisor and end with it.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '@/lib/db/client';
import { OWNER_RENEW_MS, pruneGoneOwners, removeJobOwner, renewJobOwner, type JobOwnerIdentity } from '@/lib/db/jobs/job-owners';
import { logUnexpectedError } from '@/lib/errors/error-reference';
import { isConnectionLost } from '@/lib/errors/failure-causes';

const self: JobOwnerIdentity = { id: randomUUID(), host: hostname(), pid: process.pid, role: 'cli' };
const registered = new WeakMap<Db, { ready: Promise<string>; timer: NodeJS.Timeout }>();

/**
 * This process's owner id, registered on `db` (once; the lease is then renewed in the background
 * without keeping the process alive). `role` names the process in the JobOwner table.
 */
export function jobOwner(db: Db, role?: 'server' | 'cli'): Promise<string> {
  const known = registered.get(db);
  if (known) return known.ready;
  if (role) self.role = role;
  const ready = renewJobOwner(db, self).then(() => self.id);
  let lost = false;
  const timer = setInterval(() => {
    renewJobOwner(db, self).then(
      () => (lost = false),
      (error: unknown) => {
        // PostgreSQL went away: said once, in one line (the job at work reports what it means for it).
        if (!isConnectionLost(error)) logUnexpectedError(error, 'renewing the job lease');
        else if (!lost) console.warn('paralens: the database connection was lost; the job lease is renewed when it is back.');
        lost ||= isConnectionLost(error);
      },
    );
  }, OWNER_RENEW_MS);
  timer.unref();
  registered.set(db, { ready, timer });
  return ready;
}

/** Stops renewing and gives the lease up (a clean stop: this process's jobs have ended). */
export async function releaseJobOwner(db: Db): Promise<void> {
  const known = registered.get(db);
  if (!known) return;
  clearInterval(known.timer);
  registered.delete(db);
  await removeJobOwner(db, self.id);
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another account
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the JobOwner rows of owners that are gone, seen from this process. */
export function pruneOwners(db: Db): Promise<number> {
  return pruneGoneOwners(db, self, isProcessAlive);
}
