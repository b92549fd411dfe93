/**
 * Corpora that heal: a scoring job that stopped part-way (as an older version's WordNet job did on a
 * transaction limit) leaves pairs without a measure the corpus should have. The next start-up queues
 * a job for exactly the measures that are missing, the job completes them, and the corpus summary
 * (its map) and the distributions follow. Corpora whose last job was cancelled on purpose, that are
 * archived, or already have a job waiting are left alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { createScoringJob, claimScoringJob, getScoringJob, requestScoringCancel } from '@/lib/db/jobs/scoring-jobs';
import { getCorpusTotals } from '@/lib/db/corpora/corpus-summary';
import { setCorpusArchived } from '@/lib/db/corpora/corpus-lifecycle';
import { setCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { createSqlPool } from '@/lib/db/sql-pool';
import { corpusDistributionFigures } from '@/lib/db/dashboards/distribution-cache';
import { catalogueMeasures } from '@/lib/db/dashboards/distributions';
import { runScoring } from '@/lib/services/scoring/run-scoring';
import { runQueuedScoring } from '@/lib/jobs/scoring-queue';
import { recoverAtStartup } from '@/lib/jobs/startup-recovery';
import { corpusWithPairs, pairSpecs, pairsOf } from '@/lib/jobs/testing/scoring-fixtures';

let home = '';
let env: NodeJS.ProcessEnv = process.env;
beforeAll(async () => {
  // An installation without model files: the measure it computes is WordNet (built in).
  home = await mkdtemp(path.join(tmpdir(), 'paralens-heal-'));
  env = { ...process.env, PARALENS_HOME: home, PARALENS_MODELS: path.join(home, 'models') };
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

/** A corpus whose WordNet job failed after its first batch of 3 pairs (of 8): 5 pairs lack WordNet. */
async function corpusScoredPartWay() {
  const db = getDb();
  const { corpus, ids } = await corpusWithPairs(pairSpecs.map((p, i) => ({ ...p, referenceIsParaphrase: i % 2 === 0 })));
  const job = await createScoringJob(db, {
    corpusId: corpus.id,
    createdById: null,
    measures: ['wordnet'],
    ownerId: await liveTestOwner(db),
  });
  const report = await runScoring({
    db,
    jobId: job.id,
    modelsDir: env.PARALENS_MODELS!,
    batchPairs: 3,
    retry: { attempts: 1 },
    afterBatch: (written) => {
      if (written === 3) throw new Error('Transaction already closed: a 5000 ms timeout was exceeded');
    },
  });
  expect(report.status).toBe('FAILED');
  return { corpus, ids };
}

/** Pairs counted in the corpus's WordNet distribution (stored figures when their stamp holds). */
async function wordnetInDistributions(corpusId: number): Promise<number> {
  const pool = createSqlPool(process.env.DATABASE_URL!, 1);
  try {
    const figures = await corpusDistributionFigures(pool, corpusId, 'reference', catalogueMeasures());
    return figures.rows.filter((r) => r.measure === 'wordnet').reduce((n, r) => n + r.n, 0);
  } finally {
    await pool.end();
  }
}

async function jobsOf(corpusId: number) {
  return getDb().scoringJob.findMany({
    where: { corpusId },
    orderBy: { id: 'asc' },
    select: { id: true, status: true, measures: true },
  });
}

describe('corpora whose scoring stopped part-way', () => {
  it('are completed after the next start-up: exactly the missing measure, then the summary, map and distributions follow', async () => {
    const db = getDb();
    const { corpus } = await corpusScoredPartWay();
    const before = await getCorpusTotals(db, corpus.id);
    expect(before.sums.all.measures.wordnet.n).toBe(3);
    expect(before.sums.map?.missing).toBe(5); // no sem without WordNet
    expect(await wordnetInDistributions(corpus.id)).toBe(3); // computed and stored now

    const lines: string[] = [];
    await recoverAtStartup(db, env, (line) => lines.push(line));
    const queued = (await jobsOf(corpus.id)).filter((j) => j.status === 'QUEUED');
    expect(queued.map((j) => j.measures)).toEqual([['wordnet']]);
    expect(lines.join('\n')).toContain(`Completing “${corpus.name}”: 5 pairs lack WordNet (scoring job #${queued[0]!.id}).`);

    // The job supervisor runs it as any queued scoring job.
    expect(await claimScoringJob(db, queued[0]!.id, await liveTestOwner(db))).toBe(true);
    const report = await runQueuedScoring(database(), queued[0]!.id, env);
    expect(report?.status).toBe('SUCCEEDED');
    expect(report?.pairsScored).toBe(5);
    const pairs = await pairsOf(corpus.id);
    expect(pairs.every((p) => p.wordnet !== null && p.sem === p.wordnet)).toBe(true);
    const after = await getCorpusTotals(db, corpus.id);
    expect(after.sums.all.measures.wordnet.n).toBe(8);
    expect(after.sums.map?.missing).toBe(0);
    // the figures stored before are stale under the new summary: every pair's WordNet value counts now
    expect(await wordnetInDistributions(corpus.id)).toBe(8);
    // healed: the next start-up finds nothing to do for it
    await recoverAtStartup(db, env, () => {});
    expect((await jobsOf(corpus.id)).filter((j) => j.status === 'QUEUED')).toEqual([]);
  });

  it('leave out what the semantic set leaves out, and what the installation cannot compute', async () => {
    const db = getDb();
    const { corpus } = await corpusScoredPartWay();
    await setCorpusSemMeasures(db, corpus.id, ['st', 'bertscore', 'wms']); // no model files here: nothing to complete
    await recoverAtStartup(db, env, () => {});
    expect((await jobsOf(corpus.id)).filter((j) => j.status === 'QUEUED')).toEqual([]);
  });

  it('leave alone a corpus whose last job was cancelled, an archived one, and one with a job waiting', async () => {
    const db = getDb();
    const cancelled = await corpusScoredPartWay();
    const job = await createScoringJob(db, {
      corpusId: cancelled.corpus.id,
      createdById: null,
      measures: ['wordnet'],
      ownerId: await liveTestOwner(db),
    });
    await requestScoringCancel(db, job.id);
    await db.scoringJob.update({ where: { id: job.id }, data: { status: 'CANCELLED', finishedAt: new Date() } });
    const archived = await corpusScoredPartWay();
    await setCorpusArchived(db, archived.corpus.id, true);
    const waiting = await corpusScoredPartWay();
    const { id: waitingJob } = await db.scoringJob.create({
      data: { corpusId: waiting.corpus.id, measures: ['wordnet'], status: 'QUEUED' },
      select: { id: true },
    });

    await recoverAtStartup(db, env, () => {});
    expect((await jobsOf(cancelled.corpus.id)).filter((j) => j.status === 'QUEUED')).toEqual([]);
    expect((await jobsOf(archived.corpus.id)).filter((j) => j.status === 'QUEUED')).toEqual([]);
    expect((await jobsOf(waiting.corpus.id)).filter((j) => j.status === 'QUEUED').map((j) => j.id)).toEqual([waitingJob]);
    expect((await getScoringJob(db, waitingJob))?.measures).toEqual(['wordnet']);
  });
});
