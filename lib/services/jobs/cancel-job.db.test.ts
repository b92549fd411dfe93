/** Cancelling through the job registry (POST /api/v1/jobs/{kind}/{id}/cancel): each kind's own rule, one entry point. */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { createUploadedImportJob } from '@/lib/db/imports/import-jobs';
import { queueScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { refusal } from '@/lib/testing/refusal';
import { cancelJob } from './cancel-job';

describe('cancelling a job of any kind', () => {
  it("cancels a waiting scoring job and an upload by the kind's own rule, and refuses what the kind refuses", async () => {
    const db = getDb();
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const other = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await makeCorpus(db);

    const scoring = await queueScoringJob(db, { corpusId: corpus.id, createdById: researcher.id, measures: ['wordnet'] });
    expect(await cancelJob(db, researcher, 'scoring', scoring)).toEqual({ kind: 'scoring', jobId: scoring, result: 'cancelled' });
    expect((await refusal(cancelJob(db, researcher, 'scoring', scoring))).code).toBe('CONFLICT');

    const upload = await createUploadedImportJob(db, {
      corpusId: corpus.id,
      createdById: researcher.id,
      fileName: 'waiting.tsv',
      fileBytes: 10,
      sourcePath: '/tmp/no-such-upload.tsv',
      format: null,
    });
    // an import is its uploader's or an admin's to cancel
    expect((await refusal(cancelJob(db, other, 'import', upload.id))).code).toBe('FORBIDDEN');
    expect(await cancelJob(db, researcher, 'import', upload.id)).toEqual({
      kind: 'import',
      jobId: upload.id,
      result: 'discarded',
    });

    expect((await refusal(cancelJob(db, researcher, 'mining-run', 2147483000))).code).toBe('NOT_FOUND');
    expect((await refusal(cancelJob(db, researcher, 'model-run', 2147483000))).code).toBe('NOT_FOUND');
    const audit = await db.auditLog.findMany({
      where: { actorId: researcher.id },
      select: { action: true },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => a.action)).toEqual(['scoring.cancel', 'import.cancel']);
  });
});
