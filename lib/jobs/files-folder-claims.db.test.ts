/**
 * Two instances' job supervisors on one database (real `paralens run-job` children): the one whose
 * shared folder is missing claims no import from an upload, while the one with the shared folder
 * claims and runs it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb, type Db } from '@/lib/db/client';
import { confirmUploadedImport, createUploadedImportJob } from '@/lib/db/imports/import-jobs';
import { forgetSharedFolderId } from '@/lib/db/instances/shared-folder-id';
import { filesFolderStatus, forgetFilesFolderChecks } from '@/lib/runtime/files-folder-status';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { importJobKind } from './import-queue';
import { JobSupervisor } from './job-supervisor';

const db = getDb();
const scratch = mkdtempSync(path.join(tmpdir(), 'paralens-files-claims-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function instance(name: string, shared: string, log: string[]) {
  const env = { ...process.env, PARALENS_HOME: path.join(scratch, name), PARALENS_SHARED_DIR: shared };
  let checks = 0;
  const supervisor = new JobSupervisor(db, [importJobKind], {
    pollMs: 50,
    env,
    log: (l) => log.push(l),
    // the real check, counted: the test waits for several claim rounds rather than for a fixed time
    filesFolder: (d: Db) => {
      checks += 1;
      return filesFolderStatus(d, env);
    },
  });
  return { supervisor, env, checks: () => checks };
}

async function until(what: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('file jobs and the files folder', () => {
  it('an instance whose shared folder is missing does not claim an import from an upload; the one with the folder does', async () => {
    await forgetSharedFolderId(db);
    forgetFilesFolderChecks();
    const shared = path.join(scratch, 'shared');
    mkdirSync(path.join(shared, 'uploads'), { recursive: true });
    const logB: string[] = [];
    const b = instance('b', path.join(scratch, 'not-mounted'), logB);
    const a = instance('a', shared, []);
    const folderId = (await filesFolderStatus(db, a.env)).folderId!;
    const file = path.join(shared, 'uploads', 'dev.upload');
    writeFileSync(file, 'id\tsentence1\tsentence2\tlabel\n1\tThe cat sat on the mat.\tA cat was sitting on the mat.\t1\n');
    const corpus = await makeCorpus(db);
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const job = await createUploadedImportJob(db, {
      corpusId: corpus.id,
      createdById: user.id,
      fileName: 'dev.tsv',
      fileBytes: 100,
      sourcePath: file,
      format: 'paws',
      filesFolderId: folderId,
    });
    await confirmUploadedImport(db, job.id, { format: 'paws', tier: null, map: null, skipInvalid: false });

    b.supervisor.start();
    try {
      await until(() => b.checks() >= 5);
      expect((await db.importJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('QUEUED');
      a.supervisor.start();
      await until(async () => (await db.importJob.findUniqueOrThrow({ where: { id: job.id } })).status === 'SUCCEEDED');
      expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(1);
    } finally {
      await Promise.all([a.supervisor.stop(), b.supervisor.stop()]);
    }
  }, 90_000);
});
