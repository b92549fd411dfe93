/**
 * Upload slots (lib/db/imports/upload-slots.ts) against a real PostgreSQL: the waiting-import limit
 * holds under parallel uploads.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { confirmUploadedImport, countWaitingImports, requestImportCancel } from './import-jobs';
import { completeUploadSlot, expireStalledUploads, releaseUploadSlot, reserveUploadSlot } from './upload-slots';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';

async function setup() {
  const db = getDb();
  const corpus = await makeCorpus(db);
  const user = await makeUser(db, { role: 'RESEARCHER' });
  const reserve = (limit: number, fileName = 'f.tsv') =>
    reserveUploadSlot(db, { corpusId: corpus.id, createdById: user.id, fileName }, limit);
  return { db, user, reserve };
}

describe('upload slots', () => {
  it('ten parallel reservations against a limit of three: exactly three slots, and the others are refused', async () => {
    const { db, user, reserve } = await setup();
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => reserve(3, `f${i}.tsv`)));
    expect(ids.filter((id) => id !== null)).toHaveLength(3);
    expect(await countWaitingImports(db, user.id)).toBe(3);
    // Another user's slots are their own.
    const other = await makeUser(db, { role: 'RESEARCHER' });
    expect(
      await reserveUploadSlot(db, { corpusId: (await makeCorpus(db)).id, createdById: other.id, fileName: 'x' }, 3),
    ).not.toBeNull();
  });

  it('a reserved slot can be neither confirmed nor left behind: completed, released or swept', async () => {
    const { db, user, reserve } = await setup();
    const [a, b, c] = [await reserve(3), await reserve(3), await reserve(3)];
    expect(await reserve(3)).toBeNull();
    expect(await confirmUploadedImport(db, a!, { format: 'paws', tier: null, map: null, skipInvalid: false })).toBe(false); // no file yet
    expect(await completeUploadSlot(db, a!, { fileBytes: 10, sourcePath: '/tmp/a.upload', format: 'paws' })).toBe(true);
    expect(await db.importJob.findUniqueOrThrow({ where: { id: a! } })).toMatchObject({
      status: 'QUEUED',
      sourcePath: '/tmp/a.upload',
      message: null,
    });
    await releaseUploadSlot(db, b!); // the upload failed: the slot is free again, the row gone
    expect(await db.importJob.findUnique({ where: { id: b! } })).toBeNull();
    await releaseUploadSlot(db, a!); // a completed upload is not a reservation any more
    expect(await db.importJob.findUnique({ where: { id: a! } })).not.toBeNull();
    // Discarded while arriving: completing says so, and the cancelled row stays.
    expect((await requestImportCancel(db, c!)).result).toBe('discarded');
    expect(await completeUploadSlot(db, c!, { fileBytes: 10, sourcePath: '/tmp/c.upload', format: null })).toBe(false);
    // An upload that stopped arriving gives its slot back once stale, not before.
    const d = await reserve(3);
    expect(await expireStalledUploads(db, 60_000)).toBe(0);
    await db.importJob.update({ where: { id: d! }, data: { updatedAt: new Date(Date.now() - 120_000) } });
    expect(await expireStalledUploads(db, 60_000)).toBe(1);
    expect(await countWaitingImports(db, user.id)).toBe(1);
  });
});
