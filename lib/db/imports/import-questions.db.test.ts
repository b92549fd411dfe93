/**
 * A qa-assessed upload's questions file (lib/db/imports/import-jobs.ts attachImportQuestions): attached to
 * a waiting upload of the same corpus only, a second one replaces the first (which the caller
 * deletes), the start carries it to the runner, and the orphan sweep keeps it only while the
 * upload lives.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '../client';
import {
  attachImportQuestions,
  confirmUploadedImport,
  createUploadedImportJob,
  getImportJobSource,
  releaseImportSource,
} from './import-jobs';
import { listImportJobFiles } from './import-job-files';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';

describe('the questions file of a qa-assessed upload', () => {
  it('attaches to a waiting upload of its corpus, replaces an earlier one, and is kept at the start for the runner', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const other = await makeCorpus(db);
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const job = await createUploadedImportJob(db, {
      corpusId: corpus.id,
      createdById: user.id,
      fileName: 'runs.tsv',
      fileBytes: 10,
      sourcePath: `/tmp/runs-${Date.now()}.upload`,
      format: 'qa-assessed',
    });

    expect(await attachImportQuestions(db, job.id, other.id, { path: '/tmp/q0.upload', fileName: 'q.tsv' })).toEqual({
      ok: false,
      previous: null,
    });
    expect(await attachImportQuestions(db, job.id, corpus.id, { path: '/tmp/q1.upload', fileName: 'q1.tsv' })).toEqual({
      ok: true,
      previous: null,
    });
    expect(await attachImportQuestions(db, job.id, corpus.id, { path: '/tmp/q2.upload', fileName: 'q2.tsv' })).toEqual({
      ok: true,
      previous: '/tmp/q1.upload',
    });
    expect((await getImportJobSource(db, job.id))?.options).toMatchObject({
      questionsPath: '/tmp/q2.upload',
      questionsFileName: 'q2.tsv',
    });
    expect((await listImportJobFiles(db)).has('/tmp/q2.upload')).toBe(true);

    const options = (await getImportJobSource(db, job.id))!.options;
    expect(await confirmUploadedImport(db, job.id, { ...options, format: 'qa-assessed', language: 'es' })).toBe(true);
    // confirmed: no more changes to its files
    expect((await attachImportQuestions(db, job.id, corpus.id, { path: '/tmp/q3.upload', fileName: 'q3.tsv' })).ok).toBe(false);
    expect((await getImportJobSource(db, job.id))?.options).toMatchObject({
      format: 'qa-assessed',
      questionsPath: '/tmp/q2.upload',
      questionsFileName: 'q2.tsv',
      language: 'es',
    });

    await releaseImportSource(db, job.id);
    expect((await listImportJobFiles(db)).has('/tmp/q2.upload')).toBe(false);
  });
});
