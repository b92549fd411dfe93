import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import {
  claimNextQueuedExport,
  deleteExportJob,
  getExportJob,
  getOwnExportJob,
  listOwnExportJobs,
  queueExportJob,
  requeueExportJob,
} from '@/lib/db/exports/export-jobs';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { goneTestOwner } from '@/lib/db/testing/test-job-owners';
import { exportJobKind, failOrphanedExports, runQueuedExport } from './export-queue';
import { jobOwner } from '@/lib/runtime/job-owner';

async function setup() {
  const db = getDb();
  const home = mkdtempSync(path.join(tmpdir(), 'paralens-export-home-'));
  const env = { ...process.env, PARALENS_HOME: home };
  const owner = await makeUser(db, { role: 'RESEARCHER' });
  const other = await makeUser(db, { role: 'RESEARCHER' });
  const corpus = await makeCorpus(db, { licence: 'CC BY-SA 4.0', attribution: 'Wikipedia authors' });
  await makePairs(
    db,
    corpus.id,
    Array.from({ length: 5 }, (_, i) => ({ a: `First text ${i}`, b: `Second text ${i}`, measures: { bleu: i / 5 } })),
  );
  return { db, env, home, owner, other, corpus };
}

/**
 * Claims jobs until this one is running (other test files may queue jobs too), owned by this test
 * process unless `ownerId` says otherwise.
 */
async function claimUntil(id: number, ownerId?: string) {
  const owner = ownerId ?? (await jobOwner(getDb()));
  for (let i = 0; i < 50; i++) {
    const claimed = await claimNextQueuedExport(getDb(), owner);
    if (claimed?.id === id) return;
    if (!claimed) break;
  }
  throw new Error(`job ${id} was not claimed`);
}

describe('export jobs', () => {
  it('run in the background, keep their file for their creator only, and HF folders download as .tar.gz', async () => {
    const { db, env, owner, other, corpus } = await setup();
    const job = await queueExportJob(db, {
      createdById: owner.id,
      corpusId: corpus.id,
      campaignId: null,
      format: 'HF',
      filters: null,
      options: { include: ['texts', 'measures'] },
    });
    expect(job).toMatchObject({ status: 'QUEUED', scope: 'corpus', scopeSlug: corpus.slug });
    await claimUntil(job.id);
    const result = await runQueuedExport(database(), job.id, env);
    expect(result).toMatchObject({ status: 'SUCCEEDED', rows: 5 });
    const done = (await getOwnExportJob(db, job.id, owner.id))!;
    expect(done).toMatchObject({ status: 'SUCCEEDED', rowCount: 5, rowsTotal: 5 });
    expect(done.filePath).toMatch(/\.tar\.gz$/);
    expect(await getOwnExportJob(db, job.id, other.id)).toBeNull();
    expect((await listOwnExportJobs(db, other.id)).map((j) => j.id)).not.toContain(job.id);

    const unpacked = mkdtempSync(path.join(tmpdir(), 'paralens-untar-'));
    execFileSync('tar', ['-xzf', done.filePath!, '-C', unpacked]);
    const folder = path.join(unpacked, corpus.slug);
    const card = readFileSync(path.join(folder, 'README.md'), 'utf8');
    expect(card).toContain('  - cc-by-sa-4.0');
    expect(card).toContain('Attribution: Wikipedia authors');
    expect(
      readFileSync(path.join(folder, 'data', 'train.jsonl'), 'utf8')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(5);
  });

  it('an export whose owner is gone is failed at once (its partial output removed) and can be run again', async () => {
    const { db, env, home, owner, other, corpus } = await setup();
    const job = await queueExportJob(db, {
      createdById: owner.id,
      corpusId: corpus.id,
      campaignId: null,
      format: 'JSONL',
      filters: null,
      options: { include: ['texts'] },
    });
    await claimUntil(job.id, goneTestOwner());
    // what a process killed mid-export leaves behind
    const partial = path.join(home, 'exports', `${job.id}-${corpus.slug}.jsonl.partial`);
    execFileSync('mkdir', ['-p', path.dirname(partial)]);
    writeFileSync(partial, '{"pair_id":1}\n');
    expect(await failOrphanedExports(db, env)).toBeGreaterThanOrEqual(1);
    const failed = (await getExportJob(db, job.id))!;
    expect(failed).toMatchObject({ status: 'FAILED', filePath: null });
    expect(failed.message).toMatch(/Interrupted: the process running it stopped/);
    expect(existsSync(partial)).toBe(false);

    expect(await requeueExportJob(db, job.id, other.id)).toBe(false);
    expect(await requeueExportJob(db, job.id, owner.id)).toBe(true);
    await claimUntil(job.id);
    await runQueuedExport(database(), job.id, env);
    expect(await getExportJob(db, job.id)).toMatchObject({ status: 'SUCCEEDED', rowCount: 5 });
    expect(readdirSync(path.join(home, 'exports'))).toEqual([`${job.id}-${corpus.slug}.jsonl`]);

    expect(await deleteExportJob(db, job.id, other.id)).toBe(false);
    const deleted = await deleteExportJob(db, job.id, owner.id);
    expect(deleted && deleted.filePath).toMatch(/\.jsonl$/);
  });

  it('a job whose process died is failed by the supervisor, never left looking complete', async () => {
    const { db, env, owner, corpus } = await setup();
    const job = await queueExportJob(db, {
      createdById: owner.id,
      corpusId: corpus.id,
      campaignId: null,
      format: 'CSV',
      filters: null,
      options: { include: [] },
    });
    await claimUntil(job.id);
    const before = process.env.PARALENS_HOME;
    process.env.PARALENS_HOME = env.PARALENS_HOME;
    try {
      await exportJobKind.failUnfinished(db, job.id, 'Its process was stopped (SIGKILL)');
    } finally {
      if (before === undefined) delete process.env.PARALENS_HOME;
      else process.env.PARALENS_HOME = before;
    }
    expect(await getExportJob(db, job.id)).toMatchObject({
      status: 'FAILED',
      filePath: null,
      message: 'Its process was stopped (SIGKILL). Nothing of it was kept; run it again.',
    });
  });
});
