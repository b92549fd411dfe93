/**
 * Dumps uploaded from the Mining page (lib/services/mining/upload-dump.ts): one row per file in
 * `uploads/` of the dumps folder, made before the file streams. Under a per-user advisory lock the
 * user's uploads never mined are counted against the quota, and the unique name refuses a second
 * upload of the same name while the first still arrives. "Mined" means a mining run names the
 * file's path; uploads never mined expire, mined ones stay (a stopped run must find its dump).
 */
import type { Db } from '../client';

/** pg_advisory_xact_lock class for dump uploads (7302-7305: imports, scoring, index, upload slots). */
const DUMP_UPLOAD_LOCK = 7306;

export type DumpUploadReservation =
  { ok: true; id: number } | { ok: false; reason: 'quota'; waiting: number } | { ok: false; reason: 'taken' };

/**
 * Reserves `name` for the user's upload: refused when the user already has `limit` uploads that no
 * run has mined (`root`: the dumps folder's real path, which runs record), or when the name is
 * another upload's. A completed row whose file is gone (`fileExists` false) is forgotten first.
 */
export function reserveDumpUpload(
  db: Db,
  request: { name: string; createdById: number; root: string; limit: number; fileExists: boolean },
): Promise<DumpUploadReservation> {
  return db.$transaction(async (tx): Promise<DumpUploadReservation> => {
    await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${DUMP_UPLOAD_LOCK}::int, ${request.createdById}::int)`;
    if (!request.fileExists) await tx.dumpUpload.deleteMany({ where: { name: request.name, completedAt: { not: null } } });
    const [{ waiting }] = await tx.$queryRaw<[{ waiting: number }]>`
      SELECT count(*)::int AS "waiting" FROM "DumpUpload" d
      WHERE d."createdById" = ${request.createdById}
        AND NOT EXISTS (SELECT 1 FROM "MiningRun" r WHERE r."dumpPath" = ${request.root} || '/' || d."name")`;
    if (waiting >= request.limit) return { ok: false, reason: 'quota', waiting };
    const made = await tx.$queryRaw<Array<{ id: number }>>`
      INSERT INTO "DumpUpload" ("name", "createdById") VALUES (${request.name}, ${request.createdById})
      ON CONFLICT ("name") DO NOTHING RETURNING "id"`;
    return made[0] ? { ok: true, id: made[0].id } : { ok: false, reason: 'taken' };
  });
}

/** The file arrived and is in place. */
export async function completeDumpUpload(db: Db, id: number, bytes: number): Promise<void> {
  await db.dumpUpload.update({ where: { id }, data: { bytes: BigInt(bytes), completedAt: new Date() } });
}

/** The file is still arriving (its heartbeat). */
export async function touchDumpUpload(db: Db, id: number): Promise<void> {
  await db.dumpUpload.updateMany({ where: { id, completedAt: null }, data: { updatedAt: new Date() } });
}

/** The upload failed: its reservation goes. */
export async function releaseDumpUpload(db: Db, id: number): Promise<void> {
  await db.dumpUpload.deleteMany({ where: { id, completedAt: null } });
}

/**
 * Uploads to remove: reservations whose file stopped arriving `staleMs` ago, and uploads completed
 * `ttlMs` ago that no run has mined. Their rows are deleted; the names are returned for the files.
 */
export async function expireDumpUploads(db: Db, root: string, ttlMs: number, staleMs: number): Promise<string[]> {
  const now = Date.now();
  await db.dumpUpload.deleteMany({ where: { completedAt: null, updatedAt: { lt: new Date(now - staleMs) } } });
  const expired = await db.$queryRaw<Array<{ name: string }>>`
    DELETE FROM "DumpUpload" d
    WHERE d."completedAt" < ${new Date(now - ttlMs)}
      AND NOT EXISTS (SELECT 1 FROM "MiningRun" r WHERE r."dumpPath" = ${root} || '/' || d."name")
    RETURNING d."name"`;
  return expired.map((e) => e.name);
}

/** The names of uploads an admin made (the dumps listing puts them first, so no cap hides them). */
export async function listAdminDumpUploads(db: Db): Promise<Set<string>> {
  const rows = await db.dumpUpload.findMany({ where: { createdBy: { role: 'ADMIN' } }, select: { name: true } });
  return new Set(rows.map((r) => r.name));
}
