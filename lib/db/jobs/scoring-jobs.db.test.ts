/** Scoring job transitions and the corpus's semantic set, against a real database. */
import { describe, expect, it } from 'vitest';
import { getDb } from '../client';
import {
  claimNextQueuedScoring,
  createScoringJob,
  failScoringIfUnfinished,
  getScoringJob,
  queueScoringJob,
  requestScoringCancel,
  requeueInterruptedScoring,
} from './scoring-jobs';
import { getCorpusSemMeasures, setCorpusSemMeasures } from '../corpora/semantic-set';
import { getCorpusTotals } from '../corpora/corpus-summary';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { goneTestOwner, liveTestOwner } from '../testing/job-owners';

const syn = { rouge1: 0.5, rougeL: 0.4, bleu: 0.3, syn: 0.4 };

describe('scoring job queue', () => {
  it('keeps one waiting job per corpus (widening its measures) and runs one job per corpus at a time', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const owner = await liveTestOwner(db);
    const first = await queueScoringJob(db, { corpusId: corpus.id, createdById: null, measures: ['wordnet'] });
    expect(await queueScoringJob(db, { corpusId: corpus.id, createdById: null, measures: ['st', 'wordnet'] })).toBe(first);
    expect((await getScoringJob(db, first))?.measures).toEqual(['wordnet', 'st']);
    // claims are global: take ours (others' tests may queue jobs too)
    let claimed: { id: number } | null;
    do claimed = await claimNextQueuedScoring(db, owner);
    while (claimed && claimed.id !== first);
    expect(claimed?.id).toBe(first);
    const second = await queueScoringJob(db, { corpusId: corpus.id, createdById: null, measures: ['wms'] });
    expect(second).not.toBe(first);
    for (let c = await claimNextQueuedScoring(db, owner); c; c = await claimNextQueuedScoring(db, owner))
      expect(c.id).not.toBe(second);
    expect((await getScoringJob(db, second))?.status).toBe('QUEUED');
    expect(await requestScoringCancel(db, second)).toBe('cancelled');
    expect(await requestScoringCancel(db, first)).toBe('requested');
    expect((await getScoringJob(db, first))?.cancelRequested).toBe(true);
    expect(await failScoringIfUnfinished(db, first, 'Its process ended unexpectedly')).toBe(true);
    const failed = await getScoringJob(db, first);
    expect(failed?.status).toBe('FAILED');
    expect(failed?.message).toContain('The scores written so far are kept');
    expect(await requestScoringCancel(db, first)).toBe('ended');
  });

  it('leaves a job queued with a files folder to the instances with that folder (its installed models)', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const owner = await liveTestOwner(db);
    const folder = `folder-${corpus.id}`;
    const job = await queueScoringJob(db, { corpusId: corpus.id, createdById: null, measures: ['st'], filesFolderId: folder });
    // another folder never takes it (claims are global: others' jobs may be taken meanwhile)
    for (
      let c = await claimNextQueuedScoring(db, owner, 'another-folder');
      c;
      c = await claimNextQueuedScoring(db, owner, 'another-folder')
    )
      expect(c.id).not.toBe(job);
    expect((await getScoringJob(db, job))?.status).toBe('QUEUED');
    let claimed: { id: number } | null;
    do claimed = await claimNextQueuedScoring(db, owner, folder);
    while (claimed && claimed.id !== job);
    expect(claimed?.id).toBe(job);
    expect((await getScoringJob(db, job))?.status).toBe('RUNNING');
  });

  it("queues a job whose owner is gone again, leaving a living owner's alone", async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const stale = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet'],
      ownerId: goneTestOwner(),
    });
    const live = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet'],
      ownerId: await liveTestOwner(db),
    });
    // a dead owner's job goes back to the queue whatever its timestamp; a living owner's stays, however old
    await db.scoringJob.update({ where: { id: live.id }, data: { updatedAt: new Date(Date.now() - 10 * 60_000) } });
    expect(await requeueInterruptedScoring(db)).toBeGreaterThanOrEqual(1);
    expect((await getScoringJob(db, stale.id))?.status).toBe('QUEUED');
    expect((await getScoringJob(db, live.id))?.status).toBe('RUNNING');
  });

  it("cancelling a running job whose owner is gone ends it at once; a living owner's is asked to stop", async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const orphan = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet'],
      ownerId: goneTestOwner(),
    });
    expect(await requestScoringCancel(db, orphan.id)).toBe('cancelled');
    expect(await getScoringJob(db, orphan.id)).toMatchObject({
      status: 'CANCELLED',
      message: 'Cancelled: the process running it had stopped. The scores written so far are kept.',
    });
    const other = await makeCorpus(db);
    const live = await createScoringJob(db, {
      corpusId: other.id,
      createdById: null,
      measures: ['wordnet'],
      ownerId: await liveTestOwner(db),
    });
    expect(await requestScoringCancel(db, live.id)).toBe('requested');
    expect(await getScoringJob(db, live.id)).toMatchObject({ status: 'RUNNING', cancelRequested: true });
  });
});

describe('setCorpusSemMeasures', () => {
  it('recomputes sem, delta and semParts of every pair: the paper’s measures, else GloVe, else WordNet', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    await makePairs(db, corpus.id, [
      { a: 'a b', b: 'b c', measures: { ...syn, wms: 0.6, st: 0.9, wmsGlove: 0.2, wordnet: 0.7 } },
      { a: 'c d', b: 'd e', measures: { ...syn, wordnet: 0.5 } },
      { a: 'e f', b: 'f g', measures: { ...syn, wmsGlove: 0.8, gloveCosine: 0.6, wordnet: 0.1 } },
    ]);
    expect(await getCorpusSemMeasures(db, corpus.id)).toEqual(['wms', 'bertscore', 'st', 'wmsGlove', 'gloveCosine', 'wordnet']);
    const read = () =>
      db.pair.findMany({
        where: { corpusId: corpus.id },
        orderBy: { id: 'asc' },
        select: { sem: true, delta: true, semParts: true },
      });

    expect(await setCorpusSemMeasures(db, corpus.id, ['st', 'wms', 'wordnet', 'bertscore', 'gloveCosine', 'wmsGlove'])).toBe(3);
    let [both, onlyWordNet, glove] = await read();
    expect([both!.sem, both!.delta, both!.semParts]).toEqual([0.75, 0.75 - 0.4, ['wms', 'st']]);
    expect([onlyWordNet!.sem, onlyWordNet!.delta, onlyWordNet!.semParts]).toEqual([0.5, 0.5 - 0.4, ['wordnet']]);
    expect([glove!.sem, glove!.semParts]).toEqual([0.7, ['wmsGlove', 'gloveCosine']]);

    await setCorpusSemMeasures(db, corpus.id, ['st', 'wms', 'wordnet']);
    [both, onlyWordNet, glove] = await read();
    expect([glove!.sem, glove!.semParts]).toEqual([0.1, ['wordnet']]);

    await setCorpusSemMeasures(db, corpus.id, ['wordnet']);
    [both, onlyWordNet] = await read();
    expect(both).toMatchObject({ sem: 0.7, semParts: ['wordnet'] });

    await setCorpusSemMeasures(db, corpus.id, ['st']);
    [both, onlyWordNet] = await read();
    expect(both).toMatchObject({ sem: 0.9, semParts: ['st'] });
    expect(onlyWordNet).toEqual({ sem: null, delta: null, semParts: [] });
    expect(await getCorpusSemMeasures(db, corpus.id)).toEqual(['st']);
    expect((await getCorpusTotals(db, corpus.id)).sums.all.measures.sem.n).toBe(1);

    await expect(setCorpusSemMeasures(db, corpus.id, ['st', 'rouge1'])).rejects.toThrow('not semantic measures: rouge1');
  });
});
