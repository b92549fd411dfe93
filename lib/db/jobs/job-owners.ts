/**
 * Job owners (JobOwner rows): every process that runs jobs holds a lease, renewed every
 * OWNER_RENEW_MS; a RUNNING job records its owner's id. An owner is gone when its row is missing,
 * its lease is older than OWNER_LEASE_MS (database time, so clocks of several servers do not
 * matter), or, on the same host, its process has ended (then at once). See
 * docs/decisions/008-job-ownership.md.
 */
import type { Db } from '../client';

export const OWNER_RENEW_MS = 5_000;
export const OWNER_LEASE_MS = 20_000;

export interface JobOwnerIdentity {
  id: string;
  host: string;
  pid: number;
  role: string;
}

const leaseCutoff = `now() - interval '${OWNER_LEASE_MS} milliseconds'`;

/** SQL condition, on a job table aliased `j`: its owner holds a live lease. */
export const liveOwner = `EXISTS (SELECT 1 FROM "JobOwner" o WHERE o."id" = j."ownerId" AND o."renewedAt" > ${leaseCutoff})`;

/** Whether the owner holds a live lease (the caller prunes gone owners first). */
export async function isOwnerLive(db: Db, ownerId: string | null): Promise<boolean> {
  if (ownerId === null) return false;
  const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM (SELECT $1::text AS "ownerId") j WHERE ${liveOwner}`, ownerId);
  return rows.length === 1;
}

/** Registers the owner, or renews its lease (also after it was pruned while the process was paused). */
export async function renewJobOwner(db: Db, owner: JobOwnerIdentity): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "JobOwner" ("id", "host", "pid", "role", "startedAt", "renewedAt") VALUES (${owner.id}, ${owner.host}, ${owner.pid}, ${owner.role}, now(), now())
    ON CONFLICT ("id") DO UPDATE SET "renewedAt" = now()`;
}

/** A process that stops cleanly gives its lease up (its jobs have ended). */
export async function removeJobOwner(db: Db, id: string): Promise<void> {
  await db.jobOwner.deleteMany({ where: { id } });
}

/**
 * Deletes the rows of owners that are gone: leases expired anywhere, and on `self`'s host those
 * whose process has ended or whose pid is now `self`'s (a restarted container reuses its pid).
 * Returns how many were removed.
 */
export async function pruneGoneOwners(
  db: Db,
  self: Pick<JobOwnerIdentity, 'id' | 'host' | 'pid'>,
  isProcessAlive: (pid: number) => boolean,
): Promise<number> {
  const expired = await db.$executeRawUnsafe(`DELETE FROM "JobOwner" WHERE "renewedAt" <= ${leaseCutoff}`);
  const local = await db.jobOwner.findMany({ where: { host: self.host, id: { not: self.id } }, select: { id: true, pid: true } });
  const dead = local.filter((o) => o.pid === self.pid || !isProcessAlive(o.pid)).map((o) => o.id);
  const { count } = dead.length > 0 ? await db.jobOwner.deleteMany({ where: { id: { in: dead } } }) : { count: 0 };
  return expired + count;
}
