/**
 * The files folder's check against the real database record of the shared folder's id: a missing
 * folder, a read-only one (a read-only tmpfs: root ignores file modes; skipped with the reason where
 * mounting is not allowed), one with another id or none where the database expects one; and that an
 * instance whose folder fails, or is another instance's, claims no file job while the right one does.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { claimNextQueuedExport, queueExportJob } from '@/lib/db/exports/export-jobs';
import { forgetSharedFolderId, sharedFolderRecord } from '@/lib/db/instances/shared-folder-id';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { isAppError } from '@/lib/errors/app-error';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { checkFilesFolder, describeFilesFolder, FOLDER_ID_FILE } from './files-folder';
import { filesFolderStatus, forgetFilesFolderChecks, requireFilesFolder, requireJobFiles } from './files-folder-status';

const db = getDb();
const scratch = mkdtempSync(path.join(tmpdir(), 'paralens-files-folder-'));
const envFor = (shared: string | null, home = path.join(scratch, 'home')) => ({
  ...process.env,
  PARALENS_HOME: home,
  ...(shared ? { PARALENS_SHARED_DIR: shared } : { PARALENS_SHARED_DIR: '' }),
});
const record = sharedFolderRecord(db);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeEach(async () => {
  await forgetSharedFolderId(db);
  forgetFilesFolderChecks();
});

function folder(name: string): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('the files folder check', () => {
  it('without PARALENS_SHARED_DIR: the home, made when missing, gets an id of its own that stays', async () => {
    const home = path.join(scratch, 'fresh-home');
    const first = await checkFilesFolder(envFor(null, home), record);
    expect(first).toMatchObject({ path: home, shared: false, ok: true, problem: null });
    expect(first.folderId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await checkFilesFolder(envFor(null, home), record)).folderId).toBe(first.folderId);
    expect(await record.read()).toBeNull();
    // the probe leaves nothing behind
    expect(readdirSync(home)).toEqual([FOLDER_ID_FILE]);
  });

  it('a missing shared folder is said so, and never created (it may be an unmounted mount point)', async () => {
    const missing = path.join(scratch, 'not-mounted');
    const state = await checkFilesFolder(envFor(missing), record);
    expect(state).toMatchObject({ path: missing, shared: true, ok: false, folderId: null, problem: 'missing' });
    expect(describeFilesFolder(state)).toContain(`files folder ${missing} (PARALENS_SHARED_DIR): the folder does not exist.`);
    expect(describeFilesFolder(state)).toContain('refuses uploads and export downloads');
    expect(existsSync(missing)).toBe(false);
  });

  it('the first instance records its shared folder id; the same folder passes, another id or none does not', async () => {
    const shared = folder('shared');
    const first = await checkFilesFolder(envFor(shared), record);
    expect(first).toMatchObject({ ok: true, shared: true });
    expect(await record.read()).toBe(first.folderId);
    expect(describeFilesFolder(first)).toContain('is there, writable and the one the other instances use');
    expect((await checkFilesFolder(envFor(shared), record)).folderId).toBe(first.folderId);

    const other = folder('other-shared');
    writeFileSync(path.join(other, FOLDER_ID_FILE), 'another-id\n');
    const wrong = await checkFilesFolder(envFor(other), record);
    expect(wrong).toMatchObject({ ok: false, problem: 'not-shared', folderId: null });
    expect(wrong.cause).toBe(
      `the folder is not the one the other instances use: its ${FOLDER_ID_FILE} holds another-id, while the database expects ${first.folderId}`,
    );

    const empty = folder('empty-mount-point');
    const none = await checkFilesFolder(envFor(empty), record);
    expect(none).toMatchObject({ ok: false, problem: 'not-shared' });
    expect(none.cause).toContain(`it has no ${FOLDER_ID_FILE} (an empty mount point?)`);
    // an instance on the wrong folder does not give it an id of its own
    expect(existsSync(path.join(empty, FOLDER_ID_FILE))).toBe(false);
  });

  it('a read-only shared folder fails the probe', async () => {
    const dir = folder('read-only');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    } catch (error) {
      console.warn(`SKIPPED: cannot mount a read-only tmpfs (${String(error).split('\n')[0]}); run as root to check it`);
      return;
    }
    try {
      const state = await checkFilesFolder(envFor(dir), record);
      expect(state).toMatchObject({ ok: false, problem: 'not-writable' });
      expect(state.cause).toBe('the folder is not writable (a probe file could not be written: EROFS)');
      expect(await record.read()).toBeNull();
    } finally {
      execFileSync('umount', ['-l', dir]);
    }
  });

  it('a request that needs files gets a 503 naming the folder and the fix; a file of another folder says so', async () => {
    const missing = path.join(scratch, 'gone');
    const error = await requireFilesFolder(db, envFor(missing)).catch((e: unknown) => e);
    expect(isAppError(error) && error.status).toBe(503);
    expect(isAppError(error) && error.message).toContain('its files folder (PARALENS_SHARED_DIR) does not exist');
    expect(isAppError(error) && error.message).toContain('Mount the shared folder at PARALENS_SHARED_DIR');

    const home = envFor(null, path.join(scratch, 'home-b'));
    await expect(requireJobFiles(db, null, 'This export', home)).resolves.toBeUndefined();
    await expect(requireJobFiles(db, await requireFilesFolder(db, home), 'This export', home)).resolves.toBeUndefined();
    const elsewhere = await requireJobFiles(db, 'home-of-instance-a', 'This export', home).catch((e: unknown) => e);
    expect(isAppError(error) && isAppError(elsewhere) && elsewhere.status).toBe(503);
    expect(isAppError(elsewhere) && elsewhere.message).toContain(
      "This export was written on another Paralens instance, into that instance's own files folder",
    );
    expect(isAppError(elsewhere) && elsewhere.message).toContain('set PARALENS_SHARED_DIR');
  });

  it('only an instance whose folder holds the job files claims it', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await makeCorpus(db);
    const owner = await liveTestOwner(db);
    const homeA = envFor(null, path.join(scratch, 'home-a'));
    const homeB = envFor(null, path.join(scratch, 'home-b'));
    const idA = (await filesFolderStatus(db, homeA)).folderId!;
    const idB = (await filesFolderStatus(db, homeB)).folderId!;
    expect(idA).not.toBe(idB);
    const job = await queueExportJob(db, {
      createdById: user.id,
      corpusId: corpus.id,
      campaignId: null,
      format: 'CSV',
      filters: null,
      options: { include: [] },
      filesFolderId: idA,
    });
    expect((await claimNextQueuedExport(db, owner, idB))?.id).not.toBe(job.id);
    expect((await db.exportJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('QUEUED');
    let claimed: number | undefined;
    for (let i = 0; i < 20 && claimed !== job.id; i++) claimed = (await claimNextQueuedExport(db, owner, idA))?.id;
    expect(claimed).toBe(job.id);
  });
});
