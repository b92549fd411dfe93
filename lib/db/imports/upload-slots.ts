/**
 * A user's waiting-import slots (PARALENS_MAX_WAITING_IMPORTS), reserved before an upload streams.
 * Counting first and inserting after the file arrived let parallel uploads all pass the count; so
 * the upload route reserves its slot first: under a per-user advisory lock it counts the user's
 * waiting imports and, below the limit, inserts the job row at once (QUEUED, no file yet, "Uploading…").
 * The upload then fills the row in (completeUploadSlot) or gives the slot back (releaseUploadSlot).
 * A reservation whose upload stopped sending (the process died, the client vanished) stops being
 * touched and is swept after `staleMs` (expireStalledUploads). A reserved row has no file and no
 * size, so it can be neither confirmed nor claimed (both need a sourcePath).
 */
import type { Db } from '../client';

/** pg_advisory_xact_lock class for upload slots (7302-7304: imports, scoring, index). */
const UPLOAD_SLOT_LOCK = 7305;
export const UPLOADING_MESSAGE = 'Uploading…';

export interface UploadSlotRequest {
  corpusId: number;
  createdById: number;
  fileName: string;
}

/** Reserves a slot: the new job's id, or null when the user already has `limit` imports waiting or queued. */
export function reserveUploadSlot(db: Db, data: UploadSlotRequest, limit: number): Promise<number | null> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${UPLOAD_SLOT_LOCK}::int, ${data.createdById}::int)`;
    const waiting = await tx.importJob.count({ where: { createdById: data.createdById, status: 'QUEUED' } });
    if (waiting >= limit) return null;
    const { id } = await tx.importJob.create({
      data: { ...data, status: 'QUEUED', message: UPLOADING_MESSAGE },
      select: { id: true },
    });
    return id;
  });
}

/** The upload is kept: the reserved job now waits for its format to be confirmed. False when it was discarded meanwhile. */
export async function completeUploadSlot(
  db: Db,
  id: number,
  file: { fileBytes: number; sourcePath: string; format: string | null; filesFolderId?: string },
): Promise<boolean> {
  const { count } = await db.importJob.updateMany({
    where: { id, status: 'QUEUED', sourcePath: null, confirmedAt: null },
    data: {
      fileBytes: BigInt(file.fileBytes),
      sourcePath: file.sourcePath,
      format: file.format,
      message: null,
      filesFolderId: file.filesFolderId ?? null,
    },
  });
  return count === 1;
}

/** The upload failed (too large, empty, cut off): the reservation goes, as if it never was. */
export async function releaseUploadSlot(db: Db, id: number): Promise<void> {
  await db.importJob.deleteMany({ where: { id, status: 'QUEUED', sourcePath: null, fileBytes: null } });
}

/** The upload is still arriving (its heartbeat). */
export async function touchUploadSlot(db: Db, id: number): Promise<void> {
  await db.importJob.updateMany({ where: { id, status: 'QUEUED', sourcePath: null }, data: { updatedAt: new Date() } });
}

/** Reservations whose upload has not moved for `staleMs` are given back; returns how many. */
export async function expireStalledUploads(db: Db, staleMs: number): Promise<number> {
  const { count } = await db.importJob.deleteMany({
    where: {
      status: 'QUEUED',
      sourcePath: null,
      fileBytes: null,
      confirmedAt: null,
      message: UPLOADING_MESSAGE,
      updatedAt: { lt: new Date(Date.now() - staleMs) },
    },
  });
  return count;
}
