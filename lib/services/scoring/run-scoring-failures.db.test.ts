/**
 * Scoring jobs on a slow or failing database: a batch that waits for a row lock longer than any
 * fixed transaction limit, a transient error retried, a permanent one failing the job with the
 * pairs written kept.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { createSqlPool } from '@/lib/db/sql-pool';
import { createScoringJob, getScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { runScoring } from './run-scoring';
import { corpusWithPairs, pairsOf, withTinyModels } from '@/lib/jobs/testing/scoring-fixtures';

const { models } = withTinyModels();

async function failUpdatesOf(pairId: number, sqlstate: string, times = -1): Promise<() => Promise<void>> {
  const db = getDb();
  const name = `fail_pair_${pairId}`;
  await db.$executeRawUnsafe(`CREATE SEQUENCE ${name}_seq`);
  await db.$executeRawUnsafe(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${times} < 0 OR nextval('${name}_seq') <= ${times} THEN
        RAISE EXCEPTION 'test trigger refuses pair ${pairId}' USING ERRCODE = '${sqlstate}';
      END IF;
      RETURN NEW;
    END $$`);
  await db.$executeRawUnsafe(
    `CREATE TRIGGER ${name} BEFORE UPDATE ON "Pair" FOR EACH ROW WHEN (NEW."id" = ${pairId}) EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON "Pair"`);
    await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
    await db.$executeRawUnsafe(`DROP SEQUENCE ${name}_seq`);
  };
}

describe('runScoring on a slow or failing database', () => {
  it('waits for a row lock held longer than the old 5 s transaction limit and scores every pair', async () => {
    const db = getDb();
    const { corpus, ids } = await corpusWithPairs();
    const pool = createSqlPool(process.env.DATABASE_URL!, 1);
    const holder = await pool.connect();
    let released: Promise<unknown> = Promise.resolve();
    try {
      // After batch 1 is written (and before batch 2's write starts: at most one write is in
      // flight), another connection locks a pair of batch 2 for 7 s: longer than Prisma's
      // interactive-transaction timeout (5 s) the writes used to run under.
      const lockBatch2 = async (written: number) => {
        if (written !== 3) return;
        await holder.query('BEGIN');
        await holder.query('SELECT "id" FROM "Pair" WHERE "id" = $1 FOR UPDATE', [ids[4]]);
        released = new Promise((resolve) => setTimeout(resolve, 7000)).then(() => holder.query('COMMIT'));
      };
      const job = await createScoringJob(db, {
        corpusId: corpus.id,
        createdById: null,
        measures: ['wordnet'],
        ownerId: await liveTestOwner(db),
      });
      const started = Date.now();
      const report = await runScoring({ db, jobId: job.id, modelsDir: models(), batchPairs: 3, afterBatch: lockBatch2 });
      expect(report).toMatchObject({ status: 'SUCCEEDED', pairsScored: 8 });
      expect(Date.now() - started).toBeGreaterThan(6500); // batch 2 did wait for the lock
      const pairs = await pairsOf(corpus.id);
      expect(pairs.every((p) => p.wordnet !== null && p.sem === p.wordnet)).toBe(true);
    } finally {
      await released;
      holder.release();
      await pool.end();
    }
  }, 60_000);

  it('retries a batch that failed for a passing reason (a serialization failure) and completes', async () => {
    const db = getDb();
    const { corpus, ids } = await corpusWithPairs();
    const drop = await failUpdatesOf(ids[4]!, '40001', 2);
    try {
      const retried: string[] = [];
      const job = await createScoringJob(db, {
        corpusId: corpus.id,
        createdById: null,
        measures: ['wordnet'],
        ownerId: await liveTestOwner(db),
      });
      const report = await runScoring({
        db,
        jobId: job.id,
        modelsDir: models(),
        batchPairs: 3,
        retry: { firstDelayMs: 10 },
        onRetry: (m) => retried.push(m),
      });
      expect(report).toMatchObject({ status: 'SUCCEEDED', pairsScored: 8, retries: 2 });
      expect(retried[0]).toMatch(/^writing a batch failed \(.*test trigger refuses pair/);
      expect((await pairsOf(corpus.id)).every((p) => p.wordnet !== null)).toBe(true);
    } finally {
      await drop();
    }
  });

  it('fails on an error retrying cannot fix, keeping the pairs written before', async () => {
    const db = getDb();
    const { corpus, ids } = await corpusWithPairs();
    const drop = await failUpdatesOf(ids[4]!, 'P0001');
    try {
      const job = await createScoringJob(db, {
        corpusId: corpus.id,
        createdById: null,
        measures: ['wordnet'],
        ownerId: await liveTestOwner(db),
      });
      const report = await runScoring({ db, jobId: job.id, modelsDir: models(), batchPairs: 3, retry: { firstDelayMs: 10 } });
      expect(report).toMatchObject({ status: 'FAILED', pairsScored: 3, retries: 0 });
      expect(report.message).toContain('test trigger refuses pair');
      expect(report.message).toContain('The 3 pairs scored before are kept');
      expect((await pairsOf(corpus.id)).map((p) => p.wordnet !== null)).toEqual([
        true,
        true,
        true,
        false,
        false,
        false,
        false,
        false,
      ]);
      expect((await getScoringJob(db, job.id))?.status).toBe('FAILED');
    } finally {
      await drop();
    }
  });
});
