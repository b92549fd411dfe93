/**
 * Scoring jobs against a real database with the tiny models the test writes itself: every measure
 * filled, each distinct text embedded once, sem/delta from the corpus's set, imported values kept,
 * missing and corrupt model files, interruption, take-over and cancel. The slow or failing database:
 * run-scoring-failures.db.test.ts.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getCorpusTotals } from '@/lib/db/corpora/corpus-summary';
import { goneTestOwner, liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { createScoringJob, getScoringJob, requestScoringCancel, takeOverInterruptedScoring } from '@/lib/db/jobs/scoring-jobs';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { closeScorers, openScorers } from '@/lib/models/text-scorers';
import { runScoring } from './run-scoring';
import { captions, corpusWithPairs, pairSpecs, pairsOf, withTinyModels } from '@/lib/jobs/testing/scoring-fixtures';

const { dir, models } = withTinyModels();

describe('runScoring', () => {
  it('fills every measure from the tiny models, embeds each distinct text once and recomputes sem and delta', async () => {
    const db = getDb();
    const { corpus } = await corpusWithPairs();
    const job = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['st', 'bertscore', 'wms', 'wordnet'],
      ownerId: await liveTestOwner(db),
    });
    const report = await runScoring({ db, jobId: job.id, modelsDir: models(), batchPairs: 3 });
    expect(report).toMatchObject({
      status: 'SUCCEEDED',
      measures: ['wms', 'bertscore', 'st', 'wordnet'],
      skipped: [],
      pairsScored: 8,
      pairsTotal: 8,
      textsEmbedded: 6,
    });
    const pairs = await pairsOf(corpus.id);
    const opened = await openScorers(['st', 'bertscore', 'wms', 'wordnet'], models());
    for (const p of pairs) {
      expect(p.semParts).toEqual(['wms', 'bertscore', 'st']);
      expect(p.sem).toBeCloseTo((p.wms! + p.bertscore! + p.st!) / 3, 12);
      expect(p.delta).toBeCloseTo(p.sem! - 0.3, 12);
      const [a, b] = [
        captions.indexOf((await db.text.findUniqueOrThrow({ where: { id: p.textAId } })).content),
        captions.indexOf((await db.text.findUniqueOrThrow({ where: { id: p.textBId } })).content),
      ];
      for (const scorer of opened.scorers) {
        const [ra, rb] = await scorer.prepare([captions[a]!, captions[b]!]);
        expect(p[scorer.measure]).toBeCloseTo(scorer.score(ra, rb), 5);
      }
    }
    await closeScorers(opened.scorers);
    const totals = await getCorpusTotals(db, corpus.id);
    expect(totals.sums.all.measures.wordnet.n).toBe(8);
    expect((await getScoringJob(db, job.id))?.status).toBe('SUCCEEDED');
  }, 60_000); // loads WordNet and three models: slow on a busy machine

  it('keeps values that are there (imported) and fills only the missing ones', async () => {
    const db = getDb();
    const { corpus, ids } = await corpusWithPairs([
      { ...pairSpecs[0]!, measures: { ...pairSpecs[0]!.measures, st: 0.9 } },
      pairSpecs[1]!,
    ]);
    const job = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['st'],
      ownerId: await liveTestOwner(db),
    });
    const report = await runScoring({ db, jobId: job.id, modelsDir: models() });
    expect(report.pairsScored).toBe(1);
    const [kept, filled] = await pairsOf(corpus.id);
    expect([kept!.id, kept!.st]).toEqual([ids[0], 0.9]);
    expect(filled!.st).not.toBe(0.9);
    expect([filled!.sem, filled!.semParts]).toEqual([filled!.st, ['st']]);
  });

  it('gives every corpus a semantic axis without models: WordNet, with the missing files named', async () => {
    const db = getDb();
    const { corpus } = await corpusWithPairs();
    const job = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['st', 'bertscore', 'wms', 'wordnet'],
      ownerId: await liveTestOwner(db),
    });
    const report = await runScoring({ db, jobId: job.id, modelsDir: path.join(dir(), 'no-models') });
    expect(report.status).toBe('SUCCEEDED');
    expect(report.measures).toEqual(['wordnet']);
    expect(report.skipped.map((s) => s.measure)).toEqual(['wms', 'bertscore', 'st']);
    expect(report.skipped[2]!.message).toContain(
      `tokenizer.json, tokenizer_config.json, 1_Pooling/config.json missing in ${path.join(dir(), 'no-models', 'st')}`,
    );
    expect(report.message).toContain('left out: wms, bertscore, st');
    for (const p of await pairsOf(corpus.id)) {
      expect([p.st, p.semParts]).toEqual([null, ['wordnet']]);
      expect(p.sem).toBe(p.wordnet);
      expect(p.wordnet! >= 0 && p.wordnet! <= 1).toBe(true);
    }
    const stored = await getScoringJob(db, job.id);
    expect(stored?.skipped.map((s) => s.measure)).toEqual(['wms', 'bertscore', 'st']);
  });

  it('fails before writing anything when a model file is corrupt', async () => {
    const db = getDb();
    const broken = path.join(dir(), 'broken');
    await writeTinyModelFolder(broken);
    await writeFile(path.join(broken, 'st', 'onnx', 'model.onnx'), Buffer.from([0x08, 0xff, 0xff, 0x12]));
    const { corpus } = await corpusWithPairs();
    const job = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet', 'st'],
      ownerId: await liveTestOwner(db),
    });
    const report = await runScoring({ db, jobId: job.id, modelsDir: broken });
    expect(report.status).toBe('FAILED');
    expect(report.message).toContain(`${path.join(broken, 'st', 'onnx', 'model.onnx')} is not a usable ONNX model`);
    expect(report.message).toContain('Nothing was written.');
    for (const p of await pairsOf(corpus.id)) expect([p.st, p.wordnet, p.sem]).toEqual([null, null, null]);
  });

  it('keeps what an interrupted job wrote; the next job continues with the rest', async () => {
    const db = getDb();
    const { corpus } = await corpusWithPairs();
    const first = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet', 'wms'],
      ownerId: await liveTestOwner(db),
    });
    const stopped = await runScoring({
      db,
      jobId: first.id,
      modelsDir: models(),
      batchPairs: 3,
      afterBatch: () => {
        throw new Error('simulated stop');
      },
    });
    expect(stopped.status).toBe('FAILED');
    expect(stopped.message).toContain('simulated stop');
    const before = await pairsOf(corpus.id);
    const done = before.filter((p) => p.wordnet !== null);
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done.length).toBeLessThan(8);
    const second = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet', 'wms'],
      ownerId: await liveTestOwner(db),
    });
    const rest = await runScoring({ db, jobId: second.id, modelsDir: models(), batchPairs: 3 });
    expect(rest).toMatchObject({ status: 'SUCCEEDED', pairsScored: 8 - done.length });
    const after = await pairsOf(corpus.id);
    for (const p of done) expect(after.find((q) => q.id === p.id)?.wordnet).toBe(p.wordnet);
    expect(after.every((p) => p.wordnet !== null && p.wms !== null)).toBe(true);
  });

  it('a job whose process stopped is taken over and continues after its resume point', async () => {
    const db = getDb();
    const { corpus, ids } = await corpusWithPairs();
    const job = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet'],
      ownerId: goneTestOwner(),
    });
    await db.scoringJob.update({ where: { id: job.id }, data: { lastPairId: ids[4]!, pairsDone: 5, textsEmbedded: 4 } });
    expect(await takeOverInterruptedScoring(db, corpus.id, ['wordnet'], await liveTestOwner(db))).toMatchObject({
      id: job.id,
      lastPairId: ids[4],
    });
    const report = await runScoring({ db, jobId: job.id, modelsDir: models() });
    expect(report).toMatchObject({ status: 'SUCCEEDED', pairsScored: 3, pairsTotal: 8 });
    const pairs = await pairsOf(corpus.id);
    expect(pairs.map((p) => p.wordnet !== null)).toEqual([false, false, false, false, false, true, true, true]);
  });

  it('stops after the current batch when cancelled; what was written stays', async () => {
    const db = getDb();
    const { corpus } = await corpusWithPairs();
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
      batchPairs: 2,
      afterBatch: async () => {
        await requestScoringCancel(db, job.id);
      },
    });
    expect(report.status).toBe('CANCELLED');
    // the flag is set after batch 1; batch 2 (already being written) sees it; nothing after is written
    expect(report.pairsScored).toBe(4);
    expect((await pairsOf(corpus.id)).filter((p) => p.wordnet !== null)).toHaveLength(report.pairsScored);
    const viaFlag = await createScoringJob(db, {
      corpusId: corpus.id,
      createdById: null,
      measures: ['wordnet'],
      ownerId: await liveTestOwner(db),
    });
    const interrupted = await runScoring({ db, jobId: viaFlag.id, modelsDir: models(), batchPairs: 2, isCancelled: () => true });
    expect(interrupted).toMatchObject({ status: 'CANCELLED', pairsScored: 2 });
  });
});
