/**
 * GET /api/exports/{id}/file through its real route handler, on two instances without a shared
 * folder (each its own PARALENS_HOME): through the instance that wrote the export it downloads;
 * through the other it is a 503 that says the export is in another instance's folder and names
 * PARALENS_SHARED_DIR, never a 404. (The route reads this process's environment, so the test
 * switches PARALENS_HOME between the two.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { claimNextQueuedExport, finishExportJob, queueExportJob } from '@/lib/db/exports/export-jobs';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { issueApiToken } from '@/lib/auth/api-token';
import { filesFolderStatus, forgetFilesFolderChecks } from '@/lib/runtime/files-folder-status';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { GET as download } from '@/app/api/exports/[id]/file/route';

const db = getDb();
const scratch = mkdtempSync(path.join(tmpdir(), 'paralens-export-instances-'));
const previous = { home: process.env.PARALENS_HOME, shared: process.env.PARALENS_SHARED_DIR };

afterAll(() => {
  for (const [name, value] of [
    ['PARALENS_HOME', previous.home],
    ['PARALENS_SHARED_DIR', previous.shared],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  forgetFilesFolderChecks();
  rmSync(scratch, { recursive: true, force: true });
});

/** This process as the instance whose home is `home`. */
function actAs(home: string): void {
  process.env.PARALENS_HOME = home;
  delete process.env.PARALENS_SHARED_DIR;
  forgetFilesFolderChecks();
}

describe('downloading an export on the wrong instance', () => {
  it('is a 503 naming the cause and PARALENS_SHARED_DIR; on the instance that wrote it, the file', async () => {
    const homeA = path.join(scratch, 'a');
    const homeB = path.join(scratch, 'b');
    actAs(homeA);
    const folderA = (await filesFolderStatus(db)).folderId!;
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const { token } = await issueApiToken(db, user.id, 'test', null);
    const corpus = await makeCorpus(db);
    const job = await queueExportJob(db, {
      createdById: user.id,
      corpusId: corpus.id,
      campaignId: null,
      format: 'CSV',
      filters: null,
      options: { include: [] },
      filesFolderId: folderA,
    });
    const owner = await liveTestOwner(db);
    for (let i = 0; i < 20; i++) if ((await claimNextQueuedExport(db, owner, folderA))?.id === job.id) break;
    const file = path.join(homeA, 'exports', `${job.id}-export.csv`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'id,a,b\n1,x,y\n');
    await finishExportJob(db, job.id, { status: 'SUCCEEDED', message: '1 row', filePath: file, rowCount: 1, bytesWritten: 14 });

    const get = () =>
      download(
        new NextRequest(`http://127.0.0.1/api/exports/${job.id}/file`, { headers: { authorization: `Bearer ${token}` } }),
        {
          params: Promise.resolve({ id: String(job.id) }),
        },
      );
    actAs(homeB);
    const elsewhere = await get();
    expect(elsewhere.status).toBe(503);
    const { error } = (await elsewhere.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(
      "This export was written on another Paralens instance, into that instance's own files folder, which this instance cannot read. Try again later (another try may reach that instance), and ask the administrator to set PARALENS_SHARED_DIR to a folder every instance mounts.",
    );

    actAs(homeA);
    const here = await get();
    expect(here.status).toBe(200);
    expect(await here.text()).toBe('id,a,b\n1,x,y\n');
  });
});
