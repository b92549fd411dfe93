/**
 * The questions file of a waiting qa-assessed upload (`POST /api/corpora/{slug}/imports?questionsFor=…`)
 * is read on a compute worker, line by line: a file of a million bad lines is refused with their
 * count and the first 20 by line (it once took the web server to 5 GB), the web server's heap stays
 * as it was, and nothing is attached; a good file is attached.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { closeComputeWorkers } from '@/lib/runtime/compute-workers';
import { makeUser } from '@/prisma/factories/users';
import { makeCorpus } from '@/prisma/factories/corpora';
import { POST as upload } from '@/app/api/corpora/[slug]/imports/route';

const db = getDb();
let home = '';
const previousHome = process.env.PARALENS_HOME;
beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'paralens-import-questions-'));
  process.env.PARALENS_HOME = home;
});
afterAll(async () => {
  if (previousHome === undefined) delete process.env.PARALENS_HOME;
  else process.env.PARALENS_HOME = previousHome;
  await rm(home, { recursive: true, force: true });
  await closeComputeWorkers();
  await getSqlPool().end();
});

const fixtures = path.resolve(import.meta.dirname, '../qa-pairs/fixtures');
const send = (slug: string, query: string, content: Uint8Array, token: string) =>
  upload(
    new NextRequest(`http://127.0.0.1/api/corpora/${slug}/imports?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: Buffer.from(content),
    }),
    { params: Promise.resolve({ slug }) },
  );

describe('POST /api/corpora/{slug}/imports?questionsFor=…', () => {
  it('refuses a huge file of bad lines with their count and first lines, off the web server’s thread and heap', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const token = (await issueApiToken(db, researcher.id, 'test', null)).token;
    const corpus = await makeCorpus(db);
    const runs = await readFile(path.join(fixtures, 'clef2006-es-sample.runs.tsv'));
    const uploaded = await send(corpus.slug, 'fileName=runs.tsv', runs, token);
    expect(uploaded.status).toBe(200);
    const { jobId } = (await uploaded.json()) as { jobId: number };

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const bad = await send(corpus.slug, `fileName=q.tsv&questionsFor=${jobId}`, Buffer.from('x\n'.repeat(1_000_000)), token);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.message).toMatch(
      /^10,001 invalid lines: line 1: in the questions file q\.tsv: expected 2 tab-separated fields \(number, question\), found 1; line 2: .*; and 9,996 more$/,
    );
    expect(Object.keys(body.error.fields)).toHaveLength(20);
    expect(heapGrowth).toBeLessThan(64 << 20);
    const job = await db.importJob.findUniqueOrThrow({ where: { id: jobId }, select: { options: true } });
    expect(job.options ?? {}).not.toHaveProperty('questionsPath');

    const questions = await readFile(path.join(fixtures, 'clef2006-es-sample.questions.tsv'));
    const good = await send(corpus.slug, `fileName=questions.tsv&questionsFor=${jobId}`, questions, token);
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ jobId, fileName: 'questions.tsv', questions: 6 });
  }, 120_000); // the first task starts a compute worker, which loads the sources through tsx
});
