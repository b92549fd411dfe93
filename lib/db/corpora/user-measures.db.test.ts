import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { getSqlPool } from '../sql-pool';
import { listMeasureWithBinaryJudgement } from '../dashboards/corpus-judgements';
import { getCorpusMapWithUserAxes } from '../dashboards/characteristic-maps';
import { computeMeasureThresholds } from '@/lib/dashboards/judgement-analysis';
import { deleteUserMeasure, importScores, listUserMeasures, userMeasureSql, type ScoresRequest } from './user-measures';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

async function corpusWithPairs() {
  const corpus = await makeCorpus(db);
  const ids = await makePairs(db, corpus.id, [
    { a: 'The cat sat.', b: 'A cat was sitting.', originalId: 'q1' },
    { a: 'It rains.', b: 'Rain is falling.', originalId: 'q2' },
    { a: 'He left.', b: 'He went away.', originalId: 'dup' },
    { a: 'She sings.', b: 'She is singing.', originalId: 'dup' },
  ]);
  return { corpus, ids };
}

const csv = (text: string) => readAnnotationRowsFrom(Readable.from([Buffer.from(text, 'utf8')]), 'csv');
const request = (slug: string, content: string, rest: Partial<ScoresRequest> = {}): ScoresRequest => ({
  slug,
  map: 'id=pair_id',
  measures: 'para=score',
  rows: csv(content),
  source: 'scores.csv',
  userId: null,
  ...rest,
});

async function values(corpusId: number, name: string) {
  const { rows } = await pool.query<{ v: number | null }>(
    `SELECT ${userMeasureSql(name)} AS v FROM "Pair" p WHERE p."corpusId" = $1 ORDER BY p."id"`,
    [corpusId],
  );
  return rows.map((r) => r.v);
}

describe('import-scores', () => {
  it('matches rows by pair id, original id or the two texts in either order, and stores every value', async () => {
    const { corpus, ids } = await corpusWithPairs();
    const byId = await importScores(pool, request(corpus.slug, `pair_id,score\n${ids[0]},0.9\n${ids[1]},0.1\n`));
    expect(byId).toMatchObject({ ok: true, pairs: 2, measures: [{ name: 'para', values: 2, replaced: false }] });
    const byOriginal = await importScores(
      pool,
      request(corpus.slug, 'qid,m\nq1,3\nq2,-1\n', { map: 'pair=qid', measures: 'other=m', axes: 'other=syntactic' }),
    );
    expect(byOriginal).toMatchObject({ ok: true, measures: [{ name: 'other', values: 2 }] });
    const byTexts = await importScores(
      pool,
      request(
        corpus.slug,
        's1,s2,m,k\nA cat was sitting.,The cat sat.,0.5,1\nHe left.,He went away.,,2\nShe sings.,She is singing.,2,3\n',
        { map: 'a=s1,b=s2', measures: 'third=m,fourth=k', axes: 'third=semantic' },
      ),
    );
    expect(byTexts).toMatchObject({
      ok: true,
      pairs: 3,
      measures: [
        { name: 'third', values: 2 },
        { name: 'fourth', values: 3 },
      ],
    });
    const listed = await listUserMeasures(pool, corpus.id);
    expect(listed.map((m) => [m.name, m.axis, m.n, m.source])).toEqual([
      ['fourth', 'none', 3, 'scores.csv'],
      ['other', 'syntactic', 2, 'scores.csv'],
      ['para', 'none', 2, 'scores.csv'],
      ['third', 'semantic', 2, 'scores.csv'],
    ]);
    expect(await values(corpus.id, 'third')).toEqual([0.5, null, null, 2]);
  });

  it('all or nothing: an unmatched, ambiguous, duplicate or non-numeric row anywhere leaves no value and no measure', async () => {
    const { corpus, ids } = await corpusWithPairs();
    const bad = await importScores(
      pool,
      request(corpus.slug, `pair_id,score\n${ids[0]},0.9\n${ids[1]},0.1\n${ids[0]},0.2\n2147483000,1\n`),
    );
    expect(bad).toMatchObject({
      ok: false,
      problem: 'rows',
      message: '2 rows could not be imported; nothing was written',
      errors: [
        { line: 4, message: `pair ${ids[0]} already has its scores on line 2` },
        { line: 5, message: `no pair of ${corpus.slug} has pair id 2147483000` },
      ],
    });
    const ambiguous = await importScores(
      pool,
      request(corpus.slug, 'qid,m\nq1,1\ndup,2\n', { map: 'pair=qid', measures: 'x=m' }),
    );
    expect(ambiguous).toMatchObject({
      ok: false,
      errors: [{ line: 3, message: expect.stringMatching(/^2 pairs of .* have the original id "dup"/) as string }],
    });
    const notNumber = await importScores(pool, request(corpus.slug, `pair_id,score\n${ids[0]},0.9\n${ids[1]},high\n`));
    expect(notNumber).toMatchObject({ ok: false, errors: [{ line: 3, message: 'para: "high" is not a number' }] });
    expect(await listUserMeasures(pool, corpus.id)).toEqual([]);
    expect(await pool.query(`SELECT 1 FROM "PairScore" WHERE "pairId" = ANY($1::int[])`, [ids])).toMatchObject({ rowCount: 0 });
  });

  it('refuses a built-in name, an unknown corpus and an empty file before reading pairs', async () => {
    const { corpus } = await corpusWithPairs();
    expect(await importScores(pool, request(corpus.slug, 'pair_id,score\n1,1\n', { measures: 'bleu=score' }))).toMatchObject({
      ok: false,
      problem: 'measures',
      message: expect.stringMatching(/built-in measure bleu/) as string,
    });
    expect(await importScores(pool, request('no-such-corpus', 'pair_id,score\n1,1\n'))).toMatchObject({
      ok: false,
      problem: 'no-corpus',
    });
    expect(await importScores(pool, request(corpus.slug, 'pair_id,score\n'))).toMatchObject({ ok: false, problem: 'empty' });
  });

  it('importing a name again replaces its values; deleting a measure deletes its values', async () => {
    const { corpus, ids } = await corpusWithPairs();
    await importScores(pool, request(corpus.slug, `pair_id,score\n${ids[0]},0.9\n${ids[1]},0.1\n`));
    const again = await importScores(pool, request(corpus.slug, `pair_id,score\n${ids[2]},0.7\n`));
    expect(again).toMatchObject({ ok: true, measures: [{ name: 'para', values: 1, replaced: true }] });
    expect(again.ok && again.summary).toMatch(/para \(1 values, replacing the earlier import\)/);
    const [measure] = await listUserMeasures(pool, corpus.id);
    expect(await values(corpus.id, 'para')).toEqual([null, null, 0.7, null]);
    expect(await deleteUserMeasure(pool, corpus.id, 'para')).toEqual({ values: 1 });
    expect(await deleteUserMeasure(pool, corpus.id, 'para')).toBeNull();
    expect(await pool.query(`SELECT 1 FROM "PairScore" WHERE "measureId" = $1`, [measure!.id])).toMatchObject({ rowCount: 0 });
  });

  it("serves the threshold analysis against the corpus's own labels like a built-in measure", async () => {
    const corpus = await makeCorpus(db);
    const ids = await makePairs(db, corpus.id, [
      { a: 'T one a.', b: 'T one b.', referenceIsParaphrase: true },
      { a: 'T two a.', b: 'T two b.', referenceIsParaphrase: true },
      { a: 'T three a.', b: 'T three b.', referenceIsParaphrase: false },
      { a: 'T four a.', b: 'T four b.', referenceIsParaphrase: false },
      { a: 'T five a.', b: 'T five b.' },
    ]);
    const lines = [
      [ids[0], 0.9],
      [ids[1], 0.4],
      [ids[2], 0.5],
      [ids[4], 0.7],
    ]
      .map(([id, v]) => `${id},${v}`)
      .join('\n');
    expect((await importScores(pool, request(corpus.slug, `pair_id,score\n${lines}\n`))).ok).toBe(true);
    const data = await listMeasureWithBinaryJudgement(pool, 'u.para', corpus.id, { kind: 'reference' });
    expect(data).toEqual({
      total: 5,
      missingJudgement: 1,
      missingMeasure: 1,
      sampleStep: 1, // all of them: far below the row limit
      values: [0.9, 0.4, 0.5],
      labels: [true, true, false],
    });
    // scikit-learn: roc_auc_score([1, 1, 0], [0.9, 0.4, 0.5]) = 0.5
    expect(computeMeasureThresholds('u.para', data)).toMatchObject({
      measure: 'u.para',
      n: 3,
      positives: 2,
      auc: 0.5,
      withoutValue: 1,
    });
  });

  it('serves as the semantic axis of a characteristic map, syn staying the other axis', async () => {
    const corpus = await makeCorpus(db);
    const ids = await makePairs(db, corpus.id, [
      { a: 'M one a.', b: 'M one b.', measures: { syn: 0.1, sem: 0.9 } },
      { a: 'M two a.', b: 'M two b.', measures: { syn: 0.5, sem: 0.9 } },
      { a: 'M three a.', b: 'M three b.', measures: { syn: 0.95, sem: 0.1 } },
    ]);
    const lines = `pair_id,p\n${ids[0]},0.05\n${ids[1]},1.0\n`;
    expect((await importScores(pool, request(corpus.slug, lines, { measures: 'model=p', axes: 'model=semantic' }))).ok).toBe(
      true,
    );
    const map = await getCorpusMapWithUserAxes(pool, corpus.id, { syn: null, sem: 'model' });
    expect(map.cells[0]![0]).toBe(1); // syn 0.1, model 0.05
    expect(map.cells[2]![4]).toBe(1); // syn 0.5, model 1.0 (the top bin)
    expect(map.missing).toBe(1); // the third pair has no value
  });
});
