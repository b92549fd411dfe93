import { describe, expect, it } from 'vitest';
import { getDb } from './client';
import { createImportJob, createUploadedImportJob, failInterruptedImports } from './import-jobs';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';

describe('failInterruptedImports', () => {
  it('fails running and queued-to-run jobs without a heartbeat, and leaves waiting uploads alone', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const base = { corpusId: corpus.id, createdById: user.id, fileName: 'f.tsv', fileSha256: 'x', fileBytes: 10, format: 'paws', options: {} };
    const running = await createImportJob(db, { ...base, status: 'RUNNING' });
    const fresh = await createImportJob(db, { ...base, status: 'RUNNING' });
    const waiting = await createUploadedImportJob(db, { corpusId: corpus.id, createdById: user.id, fileName: 'u.tsv', fileBytes: 10, sourcePath: '/tmp/u.upload', format: null });
    const queued = await createUploadedImportJob(db, { corpusId: corpus.id, createdById: user.id, fileName: 'q.tsv', fileBytes: 10, sourcePath: '/tmp/q.upload', format: null });
    const old = new Date(Date.now() - 10 * 60_000);
    await db.importJob.updateMany({ where: { id: { in: [running.id, waiting.id, queued.id] } }, data: { updatedAt: old } });
    await db.importJob.update({ where: { id: queued.id }, data: { startedAt: old, updatedAt: old } });

    const result = await failInterruptedImports(db);
    expect(result.files).toEqual(['/tmp/q.upload']);
    const status = async (id: number) => (await db.importJob.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(running.id)).toBe('FAILED');
    expect(await status(queued.id)).toBe('FAILED');
    expect(await status(fresh.id)).toBe('RUNNING');
    expect(await status(waiting.id)).toBe('QUEUED');
  });
});
