/**
 * Queueing and cancelling scoring as a service, against a real database: the corpus comes from its
 * slug and the job from its row (an unknown one is refused with its sentence), the job is queued for
 * the job supervisor in the user's name, and every change is audited. The job's run:
 * run-scoring.db.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { listAuditPage } from '@/lib/db/accounts/audit';
import { getScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { refusal } from '@/lib/testing/refusal';
import { usableFilesFolderId } from '@/lib/runtime/files-folder-status';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { cancelScoring, startScoring } from './queue-scoring';

const db = getDb();
afterAll(() => getSqlPool().end());

describe('queueing scoring', () => {
  it('queues a job for the corpus in the user’s name, cancels it, and audits both', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await makeCorpus(db);
    const { jobId } = await startScoring(researcher, corpus.slug, ['wordnet']);
    const job = await getScoringJob(db, jobId);
    expect(job).toMatchObject({ corpusId: corpus.id, status: 'QUEUED' });
    // queued with this instance's files folder: only instances with its installed models claim it
    const { filesFolderId } = await db.scoringJob.findUniqueOrThrow({ where: { id: jobId }, select: { filesFolderId: true } });
    expect(filesFolderId).not.toBeNull();
    expect(filesFolderId).toBe(await usableFilesFolderId(db));
    expect(await cancelScoring(researcher, jobId)).toEqual({ jobId, result: 'cancelled' });
    const { entries } = await listAuditPage(db, { actor: researcher.email, action: 'scoring.' });
    expect(entries.map(({ action, details }) => ({ action, details }))).toEqual([
      { action: 'scoring.cancel', details: { result: 'cancelled' } },
      { action: 'scoring.start', details: { jobId, measures: ['wordnet'] } },
    ]);
  });

  it('refuses a corpus or a job that does not exist, and an ended job', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    expect(await refusal(startScoring(researcher, 'no-such-corpus', ['wordnet']))).toEqual({
      code: 'NOT_FOUND',
      message: 'That corpus does not exist.',
    });
    expect(await refusal(cancelScoring(researcher, 999_999_999))).toEqual({
      code: 'NOT_FOUND',
      message: 'That scoring job does not exist.',
    });
    const { jobId } = await startScoring(researcher, (await makeCorpus(db)).slug, ['wordnet']);
    await cancelScoring(researcher, jobId);
    expect(await refusal(cancelScoring(researcher, jobId))).toEqual({
      code: 'CONFLICT',
      message: 'This scoring job has already ended.',
    });
  });
});
