/** Job owners for database tests (lib/db/jobs/job-owners.ts): one holding a live lease, and one that is gone. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../client';
import { renewJobOwner } from '../jobs/job-owners';

/** A registered owner whose lease is fresh (it lasts OWNER_LEASE_MS, longer than a test needs). */
export async function liveTestOwner(db: Db): Promise<string> {
  const id = randomUUID();
  await renewJobOwner(db, { id, host: 'test-host', pid: 1, role: 'test' });
  return id;
}

/** The id of an owner that is gone (no JobOwner row). */
export function goneTestOwner(): string {
  return randomUUID();
}
