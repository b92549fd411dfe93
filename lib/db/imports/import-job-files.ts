/**
 * The files import jobs hold (uploads, questions files, rejects): what the start-up and periodic sweeps
 * end and delete. Jobs whose process is gone fail; uploads never confirmed and old rejects files expire.
 */
import type { Db } from '../client';
import { endInterruptedJobs } from '../jobs/job-rows';
import { readImportRequest } from './import-jobs';

/**
 * Jobs whose owner is gone (lib/db/jobs/job-owners.ts; the caller prunes gone owners first), whatever
 * their timestamps say. Nothing of theirs was written (their transaction died with the process), so
 * they are marked failed; returns their ids and the uploaded files they held, for the caller to
 * delete. Uploads waiting for confirmation and confirmed jobs waiting for their turn stay as they
 * are: the queue picks the latter up again.
 */
export async function failInterruptedImports(db: Db): Promise<{ ids: number[]; files: string[] }> {
  const rows = await endInterruptedJobs<{ id: number; sourcePath: string | null }>(db, 'ImportJob', {
    to: 'FAILED',
    message: 'Interrupted: the process running it stopped. Nothing was imported; start it again.',
    set: '"sourcePath" = NULL',
    returning: '"sourcePath"',
  });
  return { ids: rows.map((r) => r.id), files: rows.flatMap((r) => (r.sourcePath ? [r.sourcePath] : [])) };
}

/** Uploads never confirmed within `maxAgeMs` expire; returns their files, for the caller to delete. */
export async function expireUploads(db: Db, maxAgeMs: number): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ sourcePath: string | null }>>`
    UPDATE "ImportJob" SET "status" = 'CANCELLED', "finishedAt" = now(), "sourcePath" = NULL,
      "message" = 'Expired: the upload was not started in time, so the file was deleted.'
    WHERE "status" = 'QUEUED' AND "confirmedAt" IS NULL AND "createdAt" < ${new Date(Date.now() - maxAgeMs)}
    RETURNING (SELECT j."sourcePath" FROM "ImportJob" j WHERE j."id" = "ImportJob"."id") AS "sourcePath"`;
  return rows.flatMap((r) => (r.sourcePath ? [r.sourcePath] : []));
}

/** Rejects files of imports that ended more than `maxAgeMs` ago; returns the files to delete. */
export async function expireRejectsFiles(db: Db, maxAgeMs: number): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ rejectsPath: string | null }>>`
    UPDATE "ImportJob" SET "rejectsPath" = NULL
    WHERE "rejectsPath" IS NOT NULL AND "finishedAt" < ${new Date(Date.now() - maxAgeMs)}
    RETURNING (SELECT j."rejectsPath" FROM "ImportJob" j WHERE j."id" = "ImportJob"."id") AS "rejectsPath"`;
  return rows.flatMap((r) => (r.rejectsPath ? [r.rejectsPath] : []));
}

/** Every file an import job still refers to (uploads and rejects), for the orphan sweep. */
export async function listImportJobFiles(db: Db): Promise<Set<string>> {
  const rows = await db.importJob.findMany({
    where: { OR: [{ sourcePath: { not: null } }, { rejectsPath: { not: null } }] },
    select: { sourcePath: true, rejectsPath: true, options: true },
  });
  // a qa-assessed upload's questions file lives as long as its upload (sourcePath)
  const questions = (r: { sourcePath: string | null; options: unknown }) =>
    r.sourcePath !== null ? (readImportRequest(r.options).questionsPath ?? null) : null;
  return new Set(
    rows.flatMap((r) => [r.sourcePath, r.rejectsPath, questions(r)].filter((p): p is string => p !== null && p !== undefined)),
  );
}
