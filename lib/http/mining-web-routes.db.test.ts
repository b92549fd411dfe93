/**
 * Mining from the web app through the real route handlers with API tokens (signed out and the
 * cookie path: e2e/authorization.spec.ts): the dumps folder listing (sizes, subfolders, links out
 * of the folder left out), names outside the listing refused, a file that is no dump refused, a
 * run started, cancelled through its flag, resumed and finished with the funnel and pairs of a
 * command-line run of the same dump; another researcher may not cancel, resume or re-target it;
 * annotators refused everywhere; every action audited.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { getSqlPool } from '@/lib/db/sql-pool';
import { claimNextQueuedMiningRun } from '@/lib/db/mining/mining-queue';
import type { MiningRunView } from '@/lib/db/mining/mining-run-views';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { runQueuedMining } from '@/lib/jobs/mining/mining-queue';
import type { MiningEvent } from '@/lib/services/mining/run-mining';
import { mineInTest } from '@/lib/jobs/mining/testing/mine-in-test';
import { splitDumpXml, writeMultistream } from '@/lib/jobs/mining/testing/multistream-fixture';
import { syntheticDump } from '@/lib/jobs/mining/testing/synthetic-pages';
import { GET as listDumpsRoute } from '@/app/api/v1/mining-dumps/route';
import { POST as startRoute } from '@/app/api/v1/mining-runs/route';
import { POST as cancelRoute } from '@/app/api/v1/mining-runs/[id]/cancel/route';
import { POST as resumeRoute } from '@/app/api/v1/mining-runs/[id]/resume/route';
import { POST as uploadRoute } from '@/app/api/mining-dumps/route';

const db = getDb();
const dir = mkdtempSync(path.join(tmpdir(), 'paralens-dumps-'));
const outside = mkdtempSync(path.join(tmpdir(), 'paralens-not-dumps-'));
const xml = syntheticDump();
writeFileSync(path.join(dir, 'synthetic.xml'), xml);
writeFileSync(path.join(dir, 'notes.txt'), 'not a dump at all\n');
mkdirSync(path.join(dir, '2026-11'));
writeMultistream(splitDumpXml(xml), path.join(dir, '2026-11', 'multi.xml.bz2'), path.join(dir, '2026-11', 'multi-index.txt'), 1);
writeFileSync(path.join(outside, 'secret.xml'), '<mediawiki></mediawiki>\n');
symlinkSync(path.join(outside, 'secret.xml'), path.join(dir, 'escape.xml'));
symlinkSync(outside, path.join(dir, 'escape-folder'));
symlinkSync(path.join(dir, 'synthetic.xml'), path.join(dir, 'alias.xml'));

const previousDir = process.env.PARALENS_DUMPS_DIR;
beforeAll(() => {
  process.env.PARALENS_DUMPS_DIR = dir;
});
afterAll(async () => {
  if (previousDir === undefined) delete process.env.PARALENS_DUMPS_DIR;
  else process.env.PARALENS_DUMPS_DIR = previousDir;
  await getSqlPool().end();
});

const tokenFor = async (role: 'ANNOTATOR' | 'RESEARCHER' | 'ADMIN') => {
  const user = await makeUser(db, { role });
  return { user, token: (await issueApiToken(db, user.id, 'test', null)).token };
};

function request(url: string, token: string, body?: unknown) {
  return new NextRequest(`http://127.0.0.1${url}`, {
    method: body === undefined && !url.includes('/cancel') && !url.includes('/resume') ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const upload = (token: string, fileName: string, content: string | null) =>
  uploadRoute(
    new NextRequest(`http://127.0.0.1/api/mining-dumps?fileName=${encodeURIComponent(fileName)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      ...(content === null ? {} : { body: content }),
    }),
    { params: Promise.resolve({}) },
  );
const listDumps = (token: string) => listDumpsRoute(request('/api/v1/mining-dumps', token), { params: Promise.resolve({}) });
const start = (token: string, body: unknown) =>
  startRoute(request('/api/v1/mining-runs', token, body), { params: Promise.resolve({}) });
const cancel = (token: string, id: number) =>
  cancelRoute(request(`/api/v1/mining-runs/${id}/cancel`, token), { params: Promise.resolve({ id: String(id) }) });
const resume = (token: string, id: number) =>
  resumeRoute(request(`/api/v1/mining-runs/${id}/resume`, token), { params: Promise.resolve({ id: String(id) }) });

/** Claims the run (as the job supervisor would) and runs it in this process. */
async function runJob(id: number, extra: Parameters<typeof runQueuedMining>[2] = {}) {
  expect(await claimNextQueuedMiningRun(db, await liveTestOwner(db))).toEqual({ id });
  return runQueuedMining(database(), id, { chunkBytes: 1, ...extra });
}

describe('the dumps folder', () => {
  it('lists the files with their sizes, subfolders included, and leaves out links out of the folder', async () => {
    const { token } = await tokenFor('RESEARCHER');
    const res = await listDumps(token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      configured: boolean;
      dir: string;
      exists: boolean;
      dumps: Array<{ name: string; bytes: number; kind: string }>;
    };
    expect(body).toMatchObject({ configured: true, dir, exists: true });
    const size = (name: string) => statSync(path.join(dir, name)).size;
    expect(body.dumps.map((d) => [d.name, d.bytes, d.kind])).toEqual([
      ['2026-11/multi-index.txt', size('2026-11/multi-index.txt'), 'index'],
      ['2026-11/multi.xml.bz2', size('2026-11/multi.xml.bz2'), 'dump'],
      ['alias.xml', size('synthetic.xml'), 'dump'],
      ['notes.txt', size('notes.txt'), 'other'],
      ['synthetic.xml', size('synthetic.xml'), 'dump'],
    ]);
  });

  it('refuses every name the listing does not hold, and a file that is no dump, before anything is written', async () => {
    const { token } = await tokenFor('RESEARCHER');
    const runsBefore = await db.miningRun.count();
    for (const name of [
      '../' + path.basename(outside) + '/secret.xml',
      path.join(outside, 'secret.xml'),
      'escape.xml',
      'escape-folder/secret.xml',
      '2026-11/../synthetic.xml',
      'missing.xml',
    ]) {
      const res = await start(token, { dump: name, corpus: 'Escaped' });
      expect(res.status, name).toBe(400);
      expect(await res.json(), name).toMatchObject({ error: { fields: { dump: 'is not a file in the dumps folder' } } });
    }
    const index = await start(token, { dump: 'synthetic.xml', index: '../secret-index.txt', corpus: 'Escaped' });
    expect(await index.json()).toMatchObject({ error: { fields: { index: 'is not a file in the dumps folder' } } });
    const notDump = await start(token, { dump: 'notes.txt', corpus: 'Notes' });
    expect(notDump.status).toBe(400);
    expect(await notDump.json()).toMatchObject({
      error: {
        message: expect.stringContaining('“notes.txt” is not a Wikipedia dump') as string,
        fields: { dump: 'is neither a bz2 file nor XML' },
      },
    });
    // every worker is a thread with its own heap: no more than the server's cores
    const cores = availableParallelism();
    const tooMany = await start(token, { dump: 'synthetic.xml', corpus: 'Workers', workers: cores + 1 });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      error: {
        message: expect.stringContaining(`At most ${cores} map worker`) as string,
        fields: { workers: `at most ${cores}, the server’s cores` },
      },
    });
    const badRange = await start(token, { dump: 'synthetic.xml', corpus: 'Range', minRefs: 5, maxRefs: 3 });
    expect(await badRange.json()).toMatchObject({
      error: { fields: { 'body.maxRefs': 'must be at least the fewest references per image' } },
    });
    expect(await db.miningRun.count()).toBe(runsBefore);
  });

  it('takes an uploaded dump into its uploads folder, keeping only a safe last name, and refuses a file that is no dump', async () => {
    const { token } = await tokenFor('RESEARCHER');
    const saved = await upload(token, '../../Nested dir/../up load.xml', xml);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ name: 'uploads/up_load.xml', bytes: Buffer.byteLength(xml), kind: 'dump' });
    expect(existsSync(path.join(dir, 'uploads', 'up_load.xml'))).toBe(true);
    expect(((await (await listDumps(token)).json()) as { dumps: Array<{ name: string }> }).dumps.map((d) => d.name)).toContain(
      'uploads/up_load.xml',
    );
    expect((await upload(token, 'up load.xml', xml)).status).toBe(409);
    const notDump = await upload(token, 'fake.xml.bz2', 'plain text, not a dump\n');
    expect(notDump.status).toBe(400);
    // the upload's wrapper (defineRoute) answers in the one error shape of /api/v1, fields included
    expect(await notDump.json()).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: '“fake.xml.bz2” is not a Wikipedia dump: it is neither a bz2 file nor XML.',
        fields: { file: 'is neither a bz2 file nor XML' },
      },
    });
    expect((await upload(token, 'notes.txt', 'hello\n')).status).toBe(400);
    const noName = await upload(token, '', 'hello\n');
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({
      error: { code: 'INVALID_INPUT', fields: { 'query.fileName': expect.any(String) as string } },
    });
    expect(readdirSync(path.join(dir, 'uploads'))).toEqual(['up_load.xml']); // nothing half-written left
    expect(await db.auditLog.count({ where: { action: 'mining.upload', targetId: 'uploads/up_load.xml' } })).toBe(1);
  });

  it('is for researchers and admins: an annotator is refused every route', async () => {
    const { token } = await tokenFor('ANNOTATOR');
    expect((await upload(token, 'annotated.xml', xml)).status).toBe(403);
    expect((await listDumps(token)).status).toBe(403);
    expect((await start(token, { dump: 'synthetic.xml', corpus: 'Annotated' })).status).toBe(403);
    expect((await cancel(token, 2147483000)).status).toBe(403);
    expect((await resume(token, 2147483000)).status).toBe(403);
  });
});

describe('a run started from the web app', { timeout: 180_000 }, () => {
  it('is queued, cancelled, resumed where it stopped and ends with the funnel and pairs of the command', async () => {
    const reference = await mineInTest({ dumpPath: path.join(dir, 'synthetic.xml') });
    expect(reference.status, reference.message ?? '').toBe('SUCCEEDED');
    const { user, token } = await tokenFor('RESEARCHER');
    const other = await tokenFor('RESEARCHER');
    const corpus = `Mined on the web ${process.pid}`;

    const started = await start(token, { dump: '2026-11/multi.xml.bz2', index: '2026-11/multi-index.txt', corpus, workers: 1 });
    expect(started.status).toBe(202);
    const { run, resumed } = (await started.json()) as { run: MiningRunView; resumed: boolean };
    expect(resumed).toBe(false);
    expect(run).toMatchObject({
      status: 'QUEUED',
      dumpName: 'multi.xml.bz2',
      source: 'multistream',
      corpusName: corpus,
      options: { tier: 'gold', mode: 'fixed', minRefs: 2, maxRefs: 10, workers: 1 },
    });
    expect((await start(token, { dump: '2026-11/multi.xml.bz2', index: '2026-11/multi-index.txt', corpus })).status).toBe(409);

    // Cancel while it runs: the job reads the flag before its first chunk and stops, keeping its place.
    await claimNextQueuedMiningRun(db, await liveTestOwner(db));
    // a run is its creator's (or an admin's) to cancel, resume or re-target: another researcher is refused
    const notTheirs = await cancel(other.token, run.id);
    expect(notTheirs.status).toBe(403);
    expect(await notTheirs.json()).toMatchObject({
      error: {
        message: `Mining run #${run.id} was started by another user: only they or an admin may cancel, resume or re-target it.`,
      },
    });
    const asked = await cancel(token, run.id);
    expect(asked.status).toBe(202);
    expect(await asked.json()).toMatchObject({ status: 'RUNNING', cancelRequested: true });
    const cancelled = await runQueuedMining(database(), run.id, { chunkBytes: 1 });
    expect(cancelled).toMatchObject({
      status: 'FAILED',
      resumable: true,
      message: expect.stringMatching(/^Cancelled.*Nothing was published; Resume continues where it stopped\.$/) as string,
    });
    expect(await db.miningRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'CANCELLED',
      resumable: true,
      chunksTotal: 5,
    });
    expect((await cancel(token, run.id)).status).toBe(409);
    expect((await resume(other.token, run.id)).status).toBe(403);
    const retarget = await start(other.token, {
      dump: '2026-11/multi.xml.bz2',
      index: '2026-11/multi-index.txt',
      corpus: 'Theirs',
    });
    expect(retarget.status).toBe(403);
    expect(await db.miningRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'CANCELLED',
      corpusName: corpus,
    });

    // Resumed, and stopped again after two chunks (as a cancel arriving between chunks would).
    expect(await (await resume(token, run.id)).json()).toMatchObject({ status: 'QUEUED', cancelRequested: false });
    let committed = 0;
    const partial = await runJob(run.id, {
      onEvent: (e) => void (e.type === 'map' && (committed = e.progress.chunksDone)),
      isCancelled: () => committed >= 2,
    });
    expect(partial).toMatchObject({ status: 'FAILED', resumable: true });
    const kept = await db.miningChunk.count({ where: { runId: run.id, doneAt: { not: null } } });
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(5);

    // Resumed again: it continues after the kept chunks and publishes what the command publishes.
    expect((await resume(token, run.id)).status).toBe(202);
    const events: MiningEvent[] = [];
    const done = await runJob(run.id, { onEvent: (e) => events.push(e) });
    expect(done?.status, done?.message ?? '').toBe('SUCCEEDED');
    expect(events[0]).toMatchObject({ type: 'started', runId: run.id, resumed: true, chunksDone: kept, chunksTotal: 5 });
    expect(done!.funnel).toEqual(reference.funnel);
    const finished = await db.miningRun.findUniqueOrThrow({ where: { id: run.id }, include: { corpus: true } });
    expect(finished).toMatchObject({ status: 'SUCCEEDED', createdById: user.id, corpus: { name: corpus } });
    expect(await db.pair.count({ where: { corpusId: finished.corpusId! } })).toBe(reference.publish!.pairs);
    expect((await resume(token, run.id)).status).toBe(409);
    expect((await cancel(token, run.id)).status).toBe(409);

    const audit = await db.auditLog.findMany({
      where: { targetType: 'mining-run', targetId: String(run.id) },
      orderBy: { id: 'asc' },
      select: { action: true, actorId: true },
    });
    expect(audit).toEqual([
      { action: 'mining.start', actorId: user.id },
      { action: 'mining.cancel', actorId: user.id },
      { action: 'mining.resume', actorId: user.id },
      { action: 'mining.resume', actorId: user.id },
    ]);
  });

  it('a waiting run is cancelled at once; starting the same dump again continues it; unknown runs are 404', async () => {
    const { token } = await tokenFor('ADMIN');
    const first = (await (await start(token, { dump: 'alias.xml', corpus: 'Alias', tier: 'silver' })).json()) as {
      run: MiningRunView;
    };
    const cancelled = await cancel(token, first.run.id);
    expect(await cancelled.json()).toMatchObject({
      status: 'CANCELLED',
      resumable: true,
      message: 'Cancelled before it started. Resume queues it again.',
    });
    const again = await start(token, { dump: 'alias.xml', corpus: 'Alias again', tier: 'silver' });
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({
      resumed: true,
      run: { id: first.run.id, status: 'QUEUED', corpusName: 'Alias again' },
    });
    const done = await runJob(first.run.id);
    expect(done?.status, done?.message ?? '').toBe('SUCCEEDED');
    expect((await cancel(token, 2147483000)).status).toBe(404);
    expect((await resume(token, 2147483000)).status).toBe(404);
  });
});
