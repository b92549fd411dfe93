import { describe, expect, it } from 'vitest';
import type { PairRecord } from '@/lib/import/types';
import { preparePair } from '@/lib/pair-rows/prepare-pair';
import { makeCorpus } from '@/prisma/factories/corpora';
import { getDb } from '../client';
import { database } from '../database';
import { CHUNK_PAIRS, PairImportSession } from './pair-import-session';

const record = (i: number, swap = false): PairRecord => {
  const a = { text: `Sentence ${i} about a bridge.`, type: 'sentence' as const };
  const b = { text: `Sentence ${i + 1} about a bridge.`, type: 'sentence' as const };
  return { lineNumber: i + 1, a: swap ? b : a, b: swap ? a : b, metadata: {}, similarities: {} };
};

describe('PairImportSession', () => {
  it('sees the previous chunk when the next chunk arrives at once (duplicates in adjacent chunks)', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const job = await db.importJob.create({ data: { corpusId: corpus.id, fileName: 'x', status: 'RUNNING' } }); // a running job: success is written only to one
    const session = await PairImportSession.open(database(), corpus.id, job.id, CHUNK_PAIRS * 2);
    try {
      const first = Array.from({ length: CHUNK_PAIRS }, (_, i) => preparePair(record(i), i + 1));
      // The next chunk repeats the last pairs of the first one, swapped, before the first is written.
      const second = Array.from({ length: CHUNK_PAIRS }, (_, i) =>
        preparePair(record(CHUNK_PAIRS - 1 - i, true), CHUNK_PAIRS + i + 1),
      );
      await session.add(first);
      await session.add(second);
      const result = await session.commit((w) => ({
        recordsRead: w.received,
        rejected: 0,
        errorCount: 0,
        errors: [],
        message: null,
        rejectsPath: null,
        imported: w.imported,
        duplicates: w.duplicates,
      }));
      expect(result).toEqual({
        received: 2 * CHUNK_PAIRS,
        imported: CHUNK_PAIRS,
        duplicates: CHUNK_PAIRS,
        texts: CHUNK_PAIRS + 1,
      });
    } finally {
      await session.close();
    }
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(CHUNK_PAIRS);
    expect((await db.importJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('SUCCEEDED');
  });

  it('leaves nothing behind when closed without commit', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const job = await db.importJob.create({ data: { corpusId: corpus.id, fileName: 'x' } });
    const session = await PairImportSession.open(database(), corpus.id, job.id);
    await session.add(Array.from({ length: CHUNK_PAIRS + 10 }, (_, i) => preparePair(record(i), i + 1)));
    await session.close();
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);
    expect(await db.text.count({ where: { corpusId: corpus.id } })).toBe(0);
  });
});
