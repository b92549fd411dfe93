/** The import job transitions (lib/db/imports/import-jobs.ts) against a real PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { getDb } from '../client';
import {
  claimNextConfirmedImport,
  confirmUploadedImport,
  countWaitingImports,
  createImportJob,
  createUploadedImportJob,
  failImportIfUnfinished,
  markImportSucceeded,
  recordImportProgress,
  requestImportCancel,
} from './import-jobs';
import { expireRejectsFiles, expireUploads, failInterruptedImports, listImportJobFiles } from './import-job-files';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { goneTestOwner, liveTestOwner } from '../testing/test-job-owners';

const request = { format: 'paws', tier: null, map: null, skipInvalid: false };

async function setup() {
  const db = getDb();
  const corpus = await makeCorpus(db);
  const user = await makeUser(db, { role: 'RESEARCHER' });
  const upload = (name: string) =>
    createUploadedImportJob(db, {
      corpusId: corpus.id,
      createdById: user.id,
      fileName: name,
      fileBytes: 10,
      sourcePath: `/tmp/${name}.upload`,
      format: null,
    });
  const status = async (id: number) => (await db.importJob.findUniqueOrThrow({ where: { id } })).status;
  return { db, corpus, user, upload, status, owner: await liveTestOwner(db) };
}

describe('import job transitions', () => {
  it('an upload waits, is confirmed once, and is claimed by exactly one of several concurrent claims', async () => {
    const { db, upload, user, owner } = await setup();
    const job = await upload('a');
    expect(await countWaitingImports(db, user.id)).toBe(1);
    expect(await claimNextConfirmedImport(db, owner)).toBeNull(); // not confirmed yet
    expect(await confirmUploadedImport(db, job.id, request)).toBe(true);
    expect(await confirmUploadedImport(db, job.id, request)).toBe(false);
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimNextConfirmedImport(db, owner)));
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ id: job.id, sourcePath: '/tmp/a.upload', options: request });
    expect(await countWaitingImports(db, user.id)).toBe(0);
  });

  it('cancel: a waiting upload is discarded at once (its file returned), a running job is asked to stop, an ended one is left', async () => {
    const { db, upload, status, owner } = await setup();
    const waiting = await upload('w');
    expect(await requestImportCancel(db, waiting.id)).toEqual({ result: 'discarded', sourcePath: '/tmp/w.upload' });
    expect(await status(waiting.id)).toBe('CANCELLED');

    const running = await upload('r');
    await confirmUploadedImport(db, running.id, request);
    const claimed = await claimNextConfirmedImport(db, owner);
    expect(claimed?.id).toBe(running.id);
    expect(await recordImportProgress(db, running.id, { bytesRead: 1, recordsRead: 1, rejected: 0 })).toEqual({
      cancelRequested: false,
    });
    expect(await requestImportCancel(db, running.id)).toEqual({ result: 'requested', sourcePath: null });
    expect(await recordImportProgress(db, running.id, { bytesRead: 2, recordsRead: 2, rejected: 0 })).toEqual({
      cancelRequested: true,
    });

    expect(await failImportIfUnfinished(db, running.id, 'Its process was stopped (SIGKILL): nothing was imported.')).toBe(true);
    expect(await failImportIfUnfinished(db, running.id, 'again')).toBe(false);
    expect(await requestImportCancel(db, running.id)).toEqual({ result: 'ended', sourcePath: null });
    expect((await db.importJob.findUniqueOrThrow({ where: { id: running.id } })).message).toBe(
      'Its process was stopped (SIGKILL): nothing was imported.',
    );
  });

  it('cancel: a running job whose owner is gone ends at once (its upload returned), and its process, if it still ran, can no longer succeed', async () => {
    const { db, upload } = await setup();
    const orphan = await upload('o');
    await confirmUploadedImport(db, orphan.id, request);
    let claimed;
    do claimed = await claimNextConfirmedImport(db, goneTestOwner());
    while (claimed && claimed.id !== orphan.id);
    expect(await requestImportCancel(db, orphan.id)).toEqual({ result: 'stopped', sourcePath: '/tmp/o.upload' });
    const row = await db.importJob.findUniqueOrThrow({ where: { id: orphan.id } });
    expect(row).toMatchObject({
      status: 'CANCELLED',
      sourcePath: null,
      message: 'Cancelled: the process running it had stopped. Nothing was imported.',
    });
    expect(row.finishedAt).not.toBeNull();
    expect(await recordImportProgress(db, orphan.id, { bytesRead: 3, recordsRead: 3, rejected: 0 })).toEqual({
      cancelRequested: true,
    });
    await expect(
      markImportSucceeded((sql, params) => db.$queryRawUnsafe(sql, ...params), orphan.id, {
        recordsRead: 3,
        rejected: 0,
        errorCount: 0,
        errors: [],
        message: null,
        rejectsPath: null,
        imported: 3,
        duplicates: 0,
      }),
    ).rejects.toThrow(/was ended while it ran/);
    expect((await db.importJob.findUniqueOrThrow({ where: { id: orphan.id } })).status).toBe('CANCELLED');
  });

  it("running jobs whose owner is gone fail at once and return their upload; a living owner's, queued and waiting ones stay", async () => {
    const { db, corpus, user, upload, status, owner } = await setup();
    const gone = goneTestOwner();
    const stale = await createImportJob(db, { corpusId: corpus.id, createdById: user.id, fileName: 'cli.tsv', ownerId: gone });
    const fresh = await createImportJob(db, { corpusId: corpus.id, createdById: user.id, fileName: 'cli2.tsv', ownerId: owner });
    const staleWeb = await upload('s');
    await confirmUploadedImport(db, staleWeb.id, request);
    await claimNextConfirmedImport(db, gone);
    const queued = await upload('q');
    await confirmUploadedImport(db, queued.id, request);
    const waiting = await upload('u');
    const old = new Date(Date.now() - 10 * 60_000);
    // timestamps do not matter: an old job of a living owner stays, a fresh one of a gone owner fails
    await db.importJob.updateMany({ where: { id: { in: [fresh.id, queued.id, waiting.id] } }, data: { updatedAt: old } });

    const result = await failInterruptedImports(db);
    expect(result.files).toEqual(['/tmp/s.upload']);
    expect(result.ids.sort()).toEqual([stale.id, staleWeb.id].sort());
    expect(await status(stale.id)).toBe('FAILED');
    expect(await status(staleWeb.id)).toBe('FAILED');
    expect(await status(fresh.id)).toBe('RUNNING');
    expect(await status(queued.id)).toBe('QUEUED');
    expect(await status(waiting.id)).toBe('QUEUED');
  });

  it('uploads never started expire after their time; rejects files after the retention period', async () => {
    const { db, upload, status } = await setup();
    const old = await upload('old');
    const recent = await upload('recent');
    await db.importJob.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    expect(await expireUploads(db, 24 * 3600_000)).toEqual(['/tmp/old.upload']);
    expect(await status(old.id)).toBe('CANCELLED');
    expect(await status(recent.id)).toBe('QUEUED');

    await db.importJob.update({
      where: { id: old.id },
      data: { rejectsPath: '/tmp/old.rejects.jsonl', finishedAt: new Date(Date.now() - 40 * 86400_000) },
    });
    expect(await listImportJobFiles(db)).toContain('/tmp/old.rejects.jsonl');
    expect(await expireRejectsFiles(db, 30 * 86400_000)).toEqual(['/tmp/old.rejects.jsonl']);
    expect(await listImportJobFiles(db)).not.toContain('/tmp/old.rejects.jsonl');
    expect(await listImportJobFiles(db)).toContain('/tmp/recent.upload');
  });
});
