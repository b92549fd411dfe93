/**
 * The stored corpus summaries and what pages read from them (corpus statistics, the Table 7
 * comparison), checked against values computed independently in the test from the rows it wrote.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { runImport } from '@/lib/services/imports/run-import';
import { measureKeys } from '@/lib/measures/catalog';
import { describeSums } from '@/lib/pair-rows/corpus-sums';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import { countReferenceJudgements } from '../dashboards/corpus-judgements';
import { database } from '../database';
import { listCorpusComparison } from '../dashboards/corpus-comparison';
import { getCorpusStats } from './corpus-stats';
import { getCorpusBySlug, listCorporaWithCounts } from './corpora';
import { getCorpusTotals, prismaQuery, scanCorpusTotals } from './corpus-summary';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-summary-'));

function meanSd(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { mean, sd: Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1)) };
}

function pawsFile(name: string, rows: Array<[number, string, string]>): string {
  const file = path.join(dir, name);
  writeFileSync(file, `id\tsentence1\tsentence2\tlabel\n${rows.map(([id, a, b]) => `${id}\t${a}\t${b}\t1`).join('\n')}\n`);
  return file;
}

describe('corpus summaries', () => {
  it('imports add to the stored sums exactly what a full scan finds, duplicates and shared texts included', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const rows = (from: number, n: number): Array<[number, string, string]> =>
      Array.from({ length: n }, (_, i) => [
        from + i,
        `The cat number ${from + i} sat on the mat today.`,
        `A cat numbered ${from + i} was sitting on a mat.`,
      ]);
    const importFile = (name: string, r: Array<[number, string, string]>) =>
      runImport({ db: database(), filePath: pawsFile(name, r), corpusId: corpus.id, format: 'paws' });
    expect((await importFile('first.tsv', rows(0, 300))).imported).toBe(300);
    expect((await importFile('second.tsv', [...rows(250, 100), ...rows(0, 10)])).imported).toBe(50);

    const stored = await getCorpusTotals(db, corpus.id);
    const scanned = await scanCorpusTotals(prismaQuery(db), corpus.id);
    expect(stored.pairs).toBe(350);
    expect(stored.pairs).toBe(await db.pair.count({ where: { corpusId: corpus.id } }));
    expect(stored.texts).toBe(scanned.texts);
    expect(stored.sums.map).toEqual(scanned.sums.map);
    expect(stored.sums.map!.cells.flat().reduce((a, b) => a + b, 0) + stored.sums.map!.missing).toBe(350);
    for (const key of measureKeys) {
      const a = describeSums(stored.sums.all.measures[key]);
      const b = describeSums(scanned.sums.all.measures[key]);
      expect(a.n, key).toBe(b.n);
      if (b.mean !== null) expect(a.mean, key).toBeCloseTo(b.mean, 9);
      if (b.sd !== null) expect(a.sd, key).toBeCloseTo(b.sd, 9);
      expect(a.min, key).toBe(b.min);
      expect(a.max, key).toBe(b.max);
    }
    expect((await listCorporaWithCounts(db)).find((c) => c.id === corpus.id)?.pairCount).toBe(350);
  });

  it('corpus statistics: means, sample sds, min and max of each measure and the mean length', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const specs = [
      { a: 'one two three', b: 'one two four five', measures: { rouge1: 0.2, bleu: 0.1, st: 0.9 } },
      { a: 'alpha beta', b: 'alpha beta gamma', measures: { rouge1: 0.6, st: 0.7 } },
      { a: 'x y z w', b: 'x y', measures: { rouge1: 0.7, bleu: 0.4, st: 0.85 } },
    ];
    await makePairs(db, corpus.id, specs);
    const stats = await getCorpusStats(db, corpus.id);
    const rouge1 = stats.measures.find((m) => m.key === 'rouge1')!;
    const expected = meanSd([0.2, 0.6, 0.7]);
    expect(rouge1).toMatchObject({ n: 3, min: 0.2, max: 0.7 });
    expect(rouge1.mean).toBeCloseTo(expected.mean, 12);
    expect(rouge1.sd).toBeCloseTo(expected.sd, 12);
    expect(stats.measures.find((m) => m.key === 'bleu')).toMatchObject({ n: 2, mean: expect.closeTo(0.25, 12) as number });
    expect(stats.measures.find((m) => m.key === 'wms')).toEqual({ key: 'wms', n: 0, mean: null, sd: null, min: null, max: null });
    const lengths = meanSd([3.5, 2.5, 3]);
    expect(stats.pairs).toBe(3);
    expect(stats.meanLength).toBeCloseTo(lengths.mean, 12);
    expect(stats.sdLength).toBeCloseTo(lengths.sd, 12);
  });

  it('the Table 7 comparison: share with ST > 0.8, and every mean over all pairs or only those above the threshold', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: `Comparison ${Date.now()}` });
    await makePairs(db, corpus.id, [
      { a: 'a b', b: 'a c', measures: { rouge1: 0.5, st: 0.95, delta: 0.45 } },
      { a: 'c d', b: 'c e', measures: { rouge1: 0.3, st: 0.81, delta: 0.51 } },
      { a: 'e f', b: 'e g', measures: { rouge1: 0.9, st: 0.2, delta: -0.7 } },
      { a: 'g h', b: 'g i', measures: { rouge1: 0.1 } },
    ]);
    const all = (await listCorpusComparison(db, { onlyStAbove08: false })).find((r) => r.corpusId === corpus.id)!;
    expect(all.n).toBe(4);
    expect(all.stAbove08Share).toBeCloseTo(2 / 3, 12);
    expect(all.means.rouge1).toBeCloseTo(0.45, 12);
    expect(all.sds.rouge1).toBeCloseTo(meanSd([0.5, 0.3, 0.9, 0.1]).sd, 12);
    const above = (await listCorpusComparison(db, { onlyStAbove08: true })).find((r) => r.corpusId === corpus.id)!;
    expect(above.n).toBe(2);
    expect(above.means.rouge1).toBeCloseTo(0.4, 12);
    expect(above.means.delta).toBeCloseTo(0.48, 12);
    expect(above.stAbove08Share).toBeCloseTo(2 / 3, 12);
  });

  it("counts the pairs bringing the corpus's own scores and labels: kept by imports, read from the summary, rescanned when stored before", async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    // PAWS brings a yes/no label per pair (the file's label column), no score
    const file = pawsFile('labels.tsv', [
      [1, 'A dog runs in the park.', 'A dog is running in a park.'],
      [2, 'The sun is hot today.', 'Today the sun is hot.'],
    ]);
    await runImport({ db: database(), filePath: file, corpusId: corpus.id, format: 'paws' });
    expect((await getCorpusTotals(db, corpus.id)).sums.references).toEqual({ scores: 0, labels: 2 });
    expect((await scanCorpusTotals(prismaQuery(db), corpus.id)).sums.references).toEqual({ scores: 0, labels: 2 });
    // the dashboards read the summary, not the pairs: a summary saying otherwise is what they answer
    await db.$executeRaw`UPDATE "CorpusSummary" SET "stats" = jsonb_set("stats", '{references}', '{"scores": 7, "labels": 9}') WHERE "corpusId" = ${corpus.id}`;
    expect(await countReferenceJudgements(getSqlPool(), corpus.id)).toEqual({ scores: 7, labels: 9 });
    // a summary stored before the counts were kept: counted over the pairs, and the next import adds them back
    await db.$executeRaw`UPDATE "CorpusSummary" SET "stats" = "stats" - 'references' WHERE "corpusId" = ${corpus.id}`;
    expect(await countReferenceJudgements(getSqlPool(), corpus.id)).toEqual({ scores: 0, labels: 2 });
    const more = pawsFile('more.tsv', [[3, 'Birds sing at dawn.', 'At dawn the birds sing.']]);
    await runImport({ db: database(), filePath: more, corpusId: corpus.id, format: 'paws' });
    const stored = await db.corpusSummary.findUniqueOrThrow({ where: { corpusId: corpus.id } });
    expect((stored.stats as { references?: unknown }).references).toEqual({ scores: 0, labels: 3 });
  });

  it('a corpus from before summaries existed gets one computed on first read', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    await makePairs(db, corpus.id, [{ a: 'p q', b: 'p r', measures: { rouge1: 0.5 } }]);
    await db.corpusSummary.delete({ where: { corpusId: corpus.id } });
    expect((await getCorpusBySlug(db, corpus.slug))?.pairCount).toBe(1);
    expect(await db.corpusSummary.count({ where: { corpusId: corpus.id } })).toBe(1);
  });
});
