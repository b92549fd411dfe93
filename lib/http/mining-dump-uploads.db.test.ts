/**
 * Dumps uploaded from the Mining page through the real route handlers with API tokens
 * (lib/services/mining/upload-dump.ts): one upload per name at a time and never over a file, names of
 * at most 200 characters, a per-user quota of uploads no run has mined, their expiry, `.partial`
 * files a crash left, and a listing that no number of uploads can make hide an admin's dumps.
 * And a web run's message names the dumps as the listing does, never by a path of the server; with
 * PARALENS_DUMPS_DIR unset, the default folder under PARALENS_HOME is listed.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { expireDumpUploadFiles } from '@/lib/services/mining/upload-dump';
import { syntheticDump } from '@/lib/jobs/mining/testing/synthetic-pages';
import { compressBz2 } from '@/lib/jobs/mining/testing/multistream-fixture';
import { claimNextQueuedMiningRun } from '@/lib/db/mining/mining-queue';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { runQueuedMining } from '@/lib/jobs/mining/mining-queue';
import { GET as listDumpsRoute } from '@/app/api/v1/mining-dumps/route';
import { POST as startRoute } from '@/app/api/v1/mining-runs/route';
import { POST as uploadRoute } from '@/app/api/mining-dumps/route';

const db = getDb();
const dir = mkdtempSync(path.join(tmpdir(), 'paralens-dump-uploads-'));
const xml = syntheticDump();
writeFileSync(path.join(dir, 'synthetic.xml'), xml);
writeFileSync(path.join(dir, 'synthetic.xml.bz2'), compressBz2(xml));
writeFileSync(path.join(dir, 'notes.txt'), 'not an index\n');

const previousDir = process.env.PARALENS_DUMPS_DIR;
beforeAll(() => {
  process.env.PARALENS_DUMPS_DIR = dir;
});
afterAll(async () => {
  if (previousDir === undefined) delete process.env.PARALENS_DUMPS_DIR;
  else process.env.PARALENS_DUMPS_DIR = previousDir;
  // the runs queued here must not be claimed by the next test file of this worker
  await db.miningRun.deleteMany({ where: { dumpPath: { startsWith: realpathSync(dir) } } });
  rmSync(dir, { recursive: true, force: true });
  await getSqlPool().end();
});

const tokenFor = async (role: 'RESEARCHER' | 'ADMIN') => {
  const user = await makeUser(db, { role });
  return { user, token: (await issueApiToken(db, user.id, 'test', null)).token };
};
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const upload = (token: string, fileName: string, content: string) =>
  uploadRoute(
    new NextRequest(`http://127.0.0.1/api/mining-dumps?fileName=${encodeURIComponent(fileName)}`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/octet-stream' },
      body: content,
    }),
    { params: Promise.resolve({}) },
  );
const listDumps = (token: string) =>
  listDumpsRoute(new NextRequest('http://127.0.0.1/api/v1/mining-dumps', { headers: auth(token) }), {
    params: Promise.resolve({}),
  });
const start = (token: string, body: unknown) =>
  startRoute(
    new NextRequest('http://127.0.0.1/api/v1/mining-runs', {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

describe('uploaded dumps: a quota, an expiry, one upload per name, and a listing that never hides the admin’s files', () => {
  const uploads = path.join(dir, 'uploads');
  /** An upload whose body arrives when `finish` is called. */
  function heldUpload(token: string, fileName: string) {
    let finish = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(xml.slice(0, 100)));
        finish = () => {
          controller.enqueue(new TextEncoder().encode(xml.slice(100)));
          controller.close();
        };
      },
    });
    const answer = uploadRoute(
      new NextRequest(`http://127.0.0.1/api/mining-dumps?fileName=${encodeURIComponent(fileName)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body,
        duplex: 'half',
      }),
      { params: Promise.resolve({}) },
    );
    return { answer, finish: () => finish() };
  }

  it('refuses a second upload of a name while the first arrives, and never replaces a file', async () => {
    const { token } = await tokenFor('RESEARCHER');
    const first = heldUpload(token, 'same-name.xml');
    // the first upload's file is arriving (under its hidden .partial name); before it, the route
    // checks the token and the files folder, which on a loaded machine takes longer than poll's 1 s
    await expect.poll(() => readdirSync(uploads).filter((f) => f.endsWith('.partial')).length, { timeout: 30_000 }).toBe(1);
    const second = await upload(token, 'same-name.xml', '<mediawiki>the second</mediawiki>\n');
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      error: { message: 'Another upload of uploads/same-name.xml is arriving; wait for it, or rename the file.' },
    });
    first.finish();
    expect((await first.answer).status).toBe(200);
    expect(readFileSync(path.join(uploads, 'same-name.xml'), 'utf8')).toBe(xml);
    expect((await upload(token, 'same-name.xml', xml)).status).toBe(409);
    expect(readdirSync(uploads).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('refuses a name over 200 characters with a clear message instead of a 500', async () => {
    const { token } = await tokenFor('RESEARCHER');
    const res = await upload(token, `${'x'.repeat(226)}.xml`, xml);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        message: 'The file name has 230 characters; at most 200 are accepted. Rename the file and upload it again.',
        fields: { file: 'has a name longer than 200 characters' },
      },
    });
  });

  it('a user may have PARALENS_MAX_DUMP_UPLOADS uploads no run has mined; a mined one no longer counts', async () => {
    const { token } = await tokenFor('RESEARCHER');
    process.env.PARALENS_MAX_DUMP_UPLOADS = '2';
    try {
      expect((await upload(token, 'quota-1.xml', xml)).status).toBe(200);
      expect((await upload(token, 'quota-2.xml', xml)).status).toBe(200);
      const third = await upload(token, 'quota-3.xml', xml);
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({
        error: {
          message: expect.stringContaining('You already have 2 uploaded dumps that no run has mined (at most 2') as string,
        },
      });
      expect(existsSync(path.join(uploads, 'quota-3.xml'))).toBe(false);
      expect((await start(token, { dump: 'uploads/quota-1.xml', corpus: 'Quota' })).status).toBe(202);
      expect((await upload(token, 'quota-3.xml', xml)).status).toBe(200);
    } finally {
      delete process.env.PARALENS_MAX_DUMP_UPLOADS;
    }
  });

  it('uploads never mined expire, mined ones stay, and .partial files a crash left go after an hour', async () => {
    const { token } = await tokenFor('RESEARCHER');
    expect((await upload(token, 'expires.xml', xml)).status).toBe(200);
    const longAgo = new Date(Date.now() - 25 * 3600_000);
    await db.dumpUpload.updateMany({
      where: { name: { in: ['uploads/expires.xml', 'uploads/quota-1.xml'] } },
      data: { completedAt: longAgo },
    });
    writeFileSync(path.join(uploads, '.crashed.xml.1234-1.partial'), 'half a dump');
    utimesSync(path.join(uploads, '.crashed.xml.1234-1.partial'), longAgo, longAgo);
    writeFileSync(path.join(uploads, '.upload-arriving.partial'), 'arriving');
    expect(await expireDumpUploadFiles(db)).toBe(2);
    expect(existsSync(path.join(uploads, 'expires.xml'))).toBe(false);
    expect(await db.dumpUpload.count({ where: { name: 'uploads/expires.xml' } })).toBe(0);
    expect(existsSync(path.join(uploads, 'quota-1.xml'))).toBe(true); // mined: a stopped run must find it
    expect(existsSync(path.join(uploads, '.crashed.xml.1234-1.partial'))).toBe(false);
    expect(existsSync(path.join(uploads, '.upload-arriving.partial'))).toBe(true);
    rmSync(path.join(uploads, '.upload-arriving.partial'));
  });

  it('lists the folder’s own files and an admin’s uploads whatever the number of other uploads', async () => {
    const admin = await tokenFor('ADMIN');
    const { token } = await tokenFor('RESEARCHER');
    writeFileSync(path.join(dir, 'zz-admin-dump.xml'), xml);
    expect((await upload(admin.token, 'zz-admin-upload.xml', xml)).status).toBe(200);
    const flood = Array.from({ length: 2000 }, (_, i) => path.join(uploads, `flood-${String(i).padStart(4, '0')}.xml`));
    for (const file of flood) writeFileSync(file, '<mediawiki/>\n');
    try {
      const listed = ((await (await listDumps(token)).json()) as { dumps: Array<{ name: string }> }).dumps.map((d) => d.name);
      expect(listed).toContain('zz-admin-dump.xml');
      expect(listed).toContain('uploads/zz-admin-upload.xml');
      expect(listed.filter((n) => n.startsWith('uploads/')).length).toBe(2000);
      expect((await start(admin.token, { dump: 'uploads/zz-admin-upload.xml', corpus: 'Admin’s upload' })).status).toBe(202);
    } finally {
      for (const file of flood) rmSync(file);
    }
  });
});

describe('the default dumps folder', () => {
  it('with PARALENS_DUMPS_DIR unset, lists the default folder under PARALENS_HOME (made by the first upload), and a start names only its files', async () => {
    const { token } = await tokenFor('ADMIN');
    const home = mkdtempSync(path.join(tmpdir(), 'paralens-home-'));
    const saved = { dumps: process.env.PARALENS_DUMPS_DIR, home: process.env.PARALENS_HOME };
    delete process.env.PARALENS_DUMPS_DIR;
    process.env.PARALENS_HOME = home;
    try {
      const defaultDir = path.join(home, 'dumps');
      expect(await (await listDumps(token)).json()).toEqual({ configured: false, dir: defaultDir, exists: false, dumps: [] });
      const refused = await start(token, { dump: 'synthetic.xml', corpus: 'Nowhere' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { message: expect.stringContaining('is not a file in the dumps folder') as string },
      });
      mkdirSync(defaultDir);
      writeFileSync(path.join(defaultDir, 'synthetic.xml'), xml);
      expect(await (await listDumps(token)).json()).toMatchObject({
        configured: false,
        dir: defaultDir,
        exists: true,
        dumps: [{ name: 'synthetic.xml', kind: 'dump' }],
      });
    } finally {
      process.env.PARALENS_DUMPS_DIR = saved.dumps;
      if (saved.home === undefined) delete process.env.PARALENS_HOME;
      else process.env.PARALENS_HOME = saved.home;
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('a run from the web app', () => {
  it('names the dumps by their listing names in its message, never by a path of the server', async () => {
    const { token } = await tokenFor('ADMIN');
    const started = await start(token, { dump: 'synthetic.xml.bz2', index: 'notes.txt', corpus: 'Wrong index' });
    expect(started.status).toBe(202);
    const { run } = (await started.json()) as { run: { id: number } };
    // the runs the tests above queued are not this test's to run
    await db.miningRun.deleteMany({ where: { status: 'QUEUED', id: { not: run.id } } });
    expect(await claimNextQueuedMiningRun(db, await liveTestOwner(db))).toEqual({ id: run.id });
    expect((await runQueuedMining(database(), run.id))?.status).toBe('FAILED');
    const { message } = await db.miningRun.findUniqueOrThrow({ where: { id: run.id }, select: { message: true } });
    expect(message).toBe('notes.txt line 1: expected "offset:pageId:title", found "not an index". Nothing was published.');
  });
});
