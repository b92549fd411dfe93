/**
 * The job supervisor runs confirmed web imports in processes of their own (real `paralens run-job`
 * children against the test database) and records what happened when a process dies or is stopped.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { confirmUploadedImport, createUploadedImportJob } from '@/lib/db/imports/import-jobs';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { importJobKind } from './import-queue';
import { describeJobExit } from './job-process';
import { JobSupervisor } from './job-supervisor';

const home = mkdtempSync(path.join(tmpdir(), 'paralens-supervisor-'));

async function queueUpload(lines: string[]) {
  const db = getDb();
  const corpus = await makeCorpus(db);
  const user = await makeUser(db, { role: 'RESEARCHER' });
  const file = path.join(home, `${Date.now()}-${Math.random()}.upload`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const job = await createUploadedImportJob(db, {
    corpusId: corpus.id,
    createdById: user.id,
    fileName: 'dev.tsv',
    fileBytes: 100,
    sourcePath: file,
    format: 'paws',
  });
  await confirmUploadedImport(db, job.id, { format: 'paws', tier: null, map: null, skipInvalid: false });
  return { corpus, job, file };
}

/** Waits until the job ended and its upload was released (the job process does that last). */
async function waitForEnd(jobId: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getDb().importJob.findUniqueOrThrow({ where: { id: jobId } });
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING' && job.sourcePath === null) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function supervisor(env: Record<string, string>, log: string[] = []) {
  return new JobSupervisor(getDb(), [importJobKind], {
    pollMs: 100,
    env: { ...process.env, PARALENS_HOME: home, ...env },
    log: (l) => log.push(l),
  });
}

const header = 'id\tsentence1\tsentence2\tlabel';

describe('job supervisor', () => {
  it('runs a confirmed upload in a job process: the pairs are written and the upload is deleted', async () => {
    const { corpus, job, file } = await queueUpload([
      header,
      '1\tThe cat sat on the mat.\tA cat was sitting on the mat.\t1',
      '2\tIt rained all day.\tThe sun shone all day.\t0',
    ]);
    const s = supervisor({});
    s.start();
    try {
      const ended = await waitForEnd(job.id);
      expect(ended).toMatchObject({ status: 'SUCCEEDED', imported: 2, sourcePath: null });
      expect(await getDb().pair.count({ where: { corpusId: corpus.id } })).toBe(2);
      expect(existsSync(file)).toBe(false);
    } finally {
      await s.stop();
    }
  }, 90_000);

  it('a job process that dies records a readable failure with a reference, and nothing is written', async () => {
    const { corpus, job, file } = await queueUpload([header, '1\tA b c.\tA b d.\t1']);
    const log: string[] = [];
    const s = supervisor({ DATABASE_URL: '' }, log); // the job process cannot reach the database
    s.start();
    try {
      const ended = await waitForEnd(job.id);
      expect(ended.status).toBe('FAILED');
      expect(ended.message).toMatch(
        /^Its process ended unexpectedly \(exit code 2; reference E-[0-9a-f]{8}, details in the server log\): nothing was imported\.$/,
      );
      expect(log.join('\n')).toContain('DATABASE_URL is not set');
      expect(await getDb().pair.count({ where: { corpusId: corpus.id } })).toBe(0);
      expect(existsSync(file)).toBe(false);
    } finally {
      await s.stop();
    }
  }, 90_000);

  it('stopping the supervisor stops the running job, which is marked failed and writes nothing', async () => {
    const rows = Array.from(
      { length: 40_000 },
      (_, i) => `${i}\tSentence number ${i} about a cat on a mat.\tAnother sentence ${i} about a dog on a log.\t1`,
    );
    const { corpus, job } = await queueUpload([header, ...rows]);
    const s = supervisor({});
    s.start();
    for (let i = 0; i < 100; i++) {
      const row = await getDb().importJob.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status === 'RUNNING' && row.recordsRead > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await s.stop();
    const ended = await waitForEnd(job.id);
    expect(ended).toMatchObject({ status: 'FAILED', message: 'Paralens was stopped during the job: nothing was imported.' });
    expect(await getDb().pair.count({ where: { corpusId: corpus.id } })).toBe(0);
  }, 90_000);

  it('recognises V8 running out of its heap limit in a real process', async () => {
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=16', '-e', 'const a = []; for (;;) a.push(new Array(1e5).fill(1));'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise((r) => child.once('close', r));
    expect(stderr).toMatch(/heap out of memory|Reached heap limit/i);
    expect(
      describeJobExit({ code: 134, signal: null, outOfMemory: true, stderrTail: [], reported: null }, 1536, 'E-00000000'),
    ).toBe('It ran out of memory (the limit is 1536 MB, PARALENS_JOB_MEMORY_MB) and stopped');
  }, 30_000);
});
