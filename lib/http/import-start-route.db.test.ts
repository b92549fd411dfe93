/**
 * The upload → preview → start flow through its real route handlers with API tokens: the upload
 * route refuses a file that is not text (and keeps no job); GET /api/v1/imports/{id}/preview shows
 * a generic TSV's columns and first rows; POST /api/v1/imports/{id}/start refuses a mapping that
 * does not fit the file with the role named, and no job is queued, then queues the import with a
 * mapping that fits. Annotators get 403 (signed out: e2e/authorization.spec.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCorpus } from '@/prisma/factories/corpora';
import { POST as upload } from '@/app/api/corpora/[slug]/imports/route';
import { GET as preview } from '@/app/api/v1/imports/[id]/preview/route';
import { POST as start } from '@/app/api/v1/imports/[id]/start/route';

const db = getDb();
let home = '';
const previousHome = process.env.PARALENS_HOME;
beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'paralens-import-start-'));
  process.env.PARALENS_HOME = home;
});
afterAll(async () => {
  if (previousHome === undefined) delete process.env.PARALENS_HOME;
  else process.env.PARALENS_HOME = previousHome;
  await rm(home, { recursive: true, force: true });
  await getSqlPool().end();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenFor = async (role: 'ANNOTATOR' | 'RESEARCHER') =>
  (await issueApiToken(db, (await makeUser(db, { role })).id, 'test', null)).token;

const uploadFile = (slug: string, fileName: string, content: Uint8Array, token: string) =>
  upload(
    new NextRequest(`http://127.0.0.1/api/corpora/${slug}/imports?fileName=${fileName}`, {
      method: 'POST',
      headers: auth(token),
      body: Buffer.from(content),
    }),
    {
      params: Promise.resolve({ slug }),
    },
  );
const getPreview = (id: number, token: string, query = '') =>
  preview(new NextRequest(`http://127.0.0.1/api/v1/imports/${id}/preview${query}`, { headers: auth(token) }), {
    params: Promise.resolve({ id: String(id) }),
  });
const postStart = (id: number, body: unknown, token: string) =>
  start(
    new NextRequest(`http://127.0.0.1/api/v1/imports/${id}/start`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    {
      params: Promise.resolve({ id: String(id) }),
    },
  );

const TSV = 'id\tleft\tright\tgold\n1\tA dog runs.\tA dog is running.\tyes\n2\tA cat sleeps.\tA cat is asleep.\tno\n';
// The first bytes of a PNG (NUL bytes in its IHDR chunk), then noise: an image renamed .tsv.
const PNG = Uint8Array.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  0x0d,
  0x49,
  0x48,
  0x44,
  0x52,
  ...Array.from({ length: 300 }, (_, i) => (i * 37) % 256),
]);

describe('upload, preview and start of a generic import', () => {
  it('refuses a file that is not text at once, and keeps no job for it', async () => {
    const corpus = await makeCorpus(db);
    const researcher = await tokenFor('RESEARCHER');
    const res = await uploadFile(corpus.slug, 'photo.tsv', PNG, researcher);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^This is not a text file/);
    expect(await db.importJob.count({ where: { corpusId: corpus.id } })).toBe(0);
  });

  it('previews the columns, refuses a mapping that does not fit before any job is queued, then starts with one that fits', async () => {
    const corpus = await makeCorpus(db);
    const researcher = await tokenFor('RESEARCHER');
    const uploaded = await uploadFile(corpus.slug, 'pairs.tsv', new TextEncoder().encode(TSV), researcher);
    expect(uploaded.status).toBe(200);
    const { jobId } = (await uploaded.json()) as { jobId: number };

    const annotator = await tokenFor('ANNOTATOR');
    expect((await getPreview(jobId, annotator)).status).toBe(403);
    expect((await postStart(jobId, { columns: { a: 'left', b: 'right' } }, annotator)).status).toBe(403);

    const shown = await getPreview(jobId, researcher);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      jobId,
      fileName: 'pairs.tsv',
      format: 'tsv',
      candidates: expect.arrayContaining([
        { format: 'tsv', name: 'TSV', title: expect.any(String) as unknown, usesColumnMap: true, hasTiers: false },
      ]) as unknown,
      preview: {
        columns: ['id', 'left', 'right', 'gold'],
        rows: [
          ['1', 'A dog runs.', 'A dog is running.', 'yes'],
          ['2', 'A cat sleeps.', 'A cat is asleep.', 'no'],
        ],
        suggested: { id: 'id' },
      },
      roles: expect.arrayContaining([{ key: 'a', label: 'Text A', required: true }]) as unknown,
    });
    // the same file read as CSV has a single column
    expect(await (await getPreview(jobId, researcher, '?format=csv')).json()).toMatchObject({
      preview: { columns: ['id\tleft\tright\tgold'] },
    });

    const waiting = async () =>
      (await db.importJob.findUniqueOrThrow({ where: { id: jobId }, select: { confirmedAt: true } })).confirmedAt;
    const refusals: [unknown, Record<string, unknown>][] = [
      [
        { columns: { a: 'left', b: 'left' } },
        { 'columns.b': 'the two texts must come from two different columns (a and b are both left)' },
      ],
      [{ columns: { a: 'left' } }, { 'columns.b': 'choose the column that holds Text B' }],
      [{ map: 'a=left' }, { map: 'the column mapping must name both texts, e.g. a=sentence1,b=sentence2' }],
      [{ columns: { a: 'left', b: 'nope' } }, { 'columns.b': 'the file has no column "nope"' }],
      [{ columns: { a: 'left', b: 'right', score: 'gold' } }, { 'columns.score': 'line 2: score (gold) is not a number: "yes"' }],
      [{}, { map: expect.stringContaining('cannot tell which columns hold the two texts') as unknown }],
      [{ format: 'msrpc', columns: { a: 'left', b: 'right' } }, { map: 'only for CSV, TSV and JSON Lines' }],
    ];
    for (const [body, fields] of refusals) {
      const refused = await postStart(jobId, body, researcher);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'INVALID_INPUT', fields } });
      expect(await waiting()).toBeNull();
    }

    const started = await postStart(
      jobId,
      { columns: { a: 'left', b: 'right', id: 'id', label: 'gold', score: '' }, skipInvalid: false },
      researcher,
    );
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ jobId, map: 'a=left,b=right,id=id,label=gold' });
    const job = await db.importJob.findUniqueOrThrow({
      where: { id: jobId },
      select: { confirmedAt: true, format: true, options: true },
    });
    expect(job.confirmedAt).not.toBeNull();
    expect(job).toMatchObject({
      format: 'tsv',
      options: { format: 'tsv', map: 'a=left,b=right,id=id,label=gold', skipInvalid: false },
    });
    expect(await db.auditLog.count({ where: { action: 'import.start', targetId: String(jobId) } })).toBe(1);

    expect((await postStart(jobId, { columns: { a: 'left', b: 'right' } }, researcher)).status).toBe(409);
    expect((await getPreview(jobId, researcher)).status).toBe(409);
    expect((await getPreview(2147483000, researcher)).status).toBe(404);
  });

  it('a waiting upload is its uploader’s or an admin’s: another researcher may not preview, start or complete it', async () => {
    const corpus = await makeCorpus(db);
    const uploader = await tokenFor('RESEARCHER');
    const uploaded = await uploadFile(corpus.slug, 'pairs.tsv', new TextEncoder().encode(TSV), uploader);
    const { jobId } = (await uploaded.json()) as { jobId: number };
    const other = await tokenFor('RESEARCHER');
    const notYours = {
      error: {
        code: 'FORBIDDEN',
        message: 'This import was uploaded by another user: only they or an admin may preview, start, cancel or dismiss it.',
      },
    };
    const preview = await getPreview(jobId, other);
    expect(preview.status).toBe(403);
    expect(await preview.json()).toEqual(notYours);
    expect((await postStart(jobId, { columns: { a: 'left', b: 'right' } }, other)).status).toBe(403);
    const questions = new TextEncoder().encode('1\t¿Qué es el tóner?\n');
    expect((await uploadFile(corpus.slug, `q.tsv&questionsFor=${jobId}`, questions, other)).status).toBe(403);
    expect(await db.importJob.findUniqueOrThrow({ where: { id: jobId }, select: { confirmedAt: true } })).toEqual({
      confirmedAt: null,
    });
    const admin = (await issueApiToken(db, (await makeUser(db, { role: 'ADMIN' })).id, 'test', null)).token;
    expect((await getPreview(jobId, admin)).status).toBe(200);
    expect((await postStart(jobId, { columns: { a: 'left', b: 'right' } }, admin)).status).toBe(202);
  });
});
