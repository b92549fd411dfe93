/**
 * Characteristic maps and their cells against a real database: every count is recomputed in the
 * test from the seeded spec (bins by hand: floor(5v), 1.0 in the top bin; medians by sorting).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import {
  getCampaignMeasureMap,
  getCampaignRatingsMap,
  getCorpusMeasureMap,
  listCampaignCorpora,
  listRatingAnnotators,
} from './characteristic-maps';
import { listCellPairs } from '../pairs/map-cell-pairs';
import { makeRatedCampaign, type RatedPairSpec } from '../testing/rated-campaign';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { setCorpusSemMeasures } from '../corpora/semantic-set';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

const bin = (v: number) => Math.min(4, Math.floor(v * 5));

function expectedMap(points: Array<[number | null, number | null]>) {
  const cells = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
  let missing = 0;
  for (const [x, y] of points) {
    if (x === null || y === null) missing += 1;
    else cells[bin(x)]![bin(y)]! += 1;
  }
  return { cells, missing };
}

describe('characteristic maps', () => {
  it('a corpus map from the measures, stored with the summary, equals the pairs counted by hand', async () => {
    const corpus = await makeCorpus(db);
    const values: Array<[number | null, number | null]> = [
      [0.05, 0.95],
      [0.2, 0.2],
      [1, 1],
      [0.8, 0.79999],
      [0.41, 0.6],
      [null, 0.3],
      [0.3, null],
      [0.05, 0.9],
    ];
    await makePairs(
      db,
      corpus.id,
      values.map(([syn, sem], i) => ({
        a: `Map pair ${i} first.`,
        b: `Map pair ${i} second.`,
        measures: { ...(syn === null ? {} : { syn }), ...(sem === null ? {} : { sem }) },
      })),
    );
    const map = await getCorpusMeasureMap(db, corpus.id);
    expect(map).toEqual(expectedMap(values));
    expect(map.cells[0]![4]).toBe(2);

    const page = await listCellPairs(pool, { kind: 'corpus', corpusId: corpus.id }, [0, 4], { page: 1, pageSize: 1 });
    expect(page).toHaveLength(1);
    expect(page[0]!.syn).toBe(0.05);
    const second = await listCellPairs(pool, { kind: 'corpus', corpusId: corpus.id }, [0, 4], { page: 2, pageSize: 1 });
    expect(second[0]!.sem).toBe(0.9);
    expect(second[0]!.a).toBe('Map pair 7 first.');
    expect(await listCellPairs(pool, { kind: 'corpus', corpusId: corpus.id }, [4, 3], { page: 1, pageSize: 10 })).toHaveLength(1);
  });

  it("a corpus's cell lists exactly the pairs its map counts there, values on and beside every bin edge included", async () => {
    const corpus = await makeCorpus(db);
    // each edge k/5, the doubles either side of it, 0.6 (whose bin is 3 although 0.6 · 5 = 3.0000000000000004), 0, 1 and above
    const below = (x: number) => x - Number.EPSILON * Math.max(1, x);
    const edges = [0.2, 0.4, 0.6, 0.8, 1].flatMap((e) => [below(e), e, e + Number.EPSILON]);
    const axis = [0, 0.1, ...edges, 1.5];
    const values: Array<[number, number]> = axis.map((syn, i) => [syn, axis[(i * 7) % axis.length]!]);
    await makePairs(
      db,
      corpus.id,
      values.map(([syn, sem], i) => ({ a: `Edge pair ${i} first.`, b: `Edge pair ${i} second.`, measures: { syn, sem } })),
    );
    const map = await getCorpusMeasureMap(db, corpus.id);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        const listed = await listCellPairs(pool, { kind: 'corpus', corpusId: corpus.id }, [x, y], { page: 1, pageSize: 100 });
        const expected = values.filter(([syn, sem]) => bin(syn) === x && bin(sem) === y);
        expect(
          listed.map((p) => [p.syn, p.sem]),
          `cell ${x},${y}`,
        ).toEqual(expected);
        expect(listed, `cell ${x},${y}`).toHaveLength(map.cells[x]![y]!);
      }
    }
  });

  it('the stored map follows sem when it changes after the import (semantic set, scoring jobs)', async () => {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      [0.1, 0.5, 0.95].map((st, i) => ({ a: `Later sem ${i} one.`, b: `Later sem ${i} two.`, measures: { syn: 0.3, st } })),
    );
    expect((await getCorpusMeasureMap(db, corpus.id)).missing).toBe(3);
    await setCorpusSemMeasures(db, corpus.id, ['st']);
    expect(await getCorpusMeasureMap(db, corpus.id)).toEqual(
      expectedMap([
        [0.3, 0.1],
        [0.3, 0.5],
        [0.3, 0.95],
      ]),
    );
  });

  it('a campaign map from ratings: lower (or upper) median per pair, gold pairs and excluded annotators left out', async () => {
    const r = (semantic: number, syntactic: number) => ({ semantic, syntactic });
    const pairs: RatedPairSpec[] = [
      { measures: { syn: 0.1, sem: 0.9 }, answers: [r(4, 0), r(3, 1), r(4, 1), r(0, 0)] }, // sem [3,4,4] → 4; syn [0,1,1] → 1
      // even: sem [1,3] lower 1 upper 3; syn [2,4] → 2 / 4
      { measures: { syn: 0.5, sem: 0.5 }, answers: [r(1, 2), r(3, 4), undefined, r(4, 4)] },
      { measures: { syn: 0.9, sem: 0.9 }, answers: [r(2, 2), r(2, 2), r(2, 2), undefined], gold: true },
      { measures: { syn: 0.3 }, answers: [{ semantic: 2 }, undefined, undefined, r(1, 1)] }, // no syntactic answer → missing
      // only the excluded one → missing
      { measures: { syn: 0.3, sem: 0.3 }, answers: [undefined, undefined, undefined, r(3, 3)] },
    ];
    const { campaign, pseudonymOf } = await makeRatedCampaign(db, { annotators: 4, pairs, excluded: [3] });
    const lower = await getCampaignRatingsMap(pool, campaign.id);
    expect(lower.cells[1]![4]).toBe(1);
    expect(lower.cells[2]![1]).toBe(1);
    expect(lower.missing).toBe(2);
    expect(lower.cells.flat().reduce((a, b) => a + b, 0)).toBe(2);
    const upper = await getCampaignRatingsMap(pool, campaign.id, { median: 'upper' });
    expect(upper.cells[4]![3]).toBe(1);
    expect(upper.cells[1]![4]).toBe(1);

    const one = await getCampaignRatingsMap(pool, campaign.id, { annotator: pseudonymOf(1) });
    expect(one.cells[1]![3]).toBe(1);
    expect(one.cells[4]![3]).toBe(1);
    expect(one.missing).toBe(0);
    expect(await listRatingAnnotators(pool, campaign.id)).toEqual([pseudonymOf(0), pseudonymOf(1), pseudonymOf(2)].sort());

    const measures = await getCampaignMeasureMap(pool, campaign.id);
    expect(measures).toEqual(
      expectedMap([
        [0.1, 0.9],
        [0.5, 0.5],
        [0.3, null],
        [0.3, 0.3],
      ]),
    );

    const cell = await listCellPairs(
      pool,
      { kind: 'campaign', campaignId: campaign.id, source: 'ratings', median: 'lower' },
      [2, 1],
      { page: 1, pageSize: 10 },
    );
    expect(cell.map((p) => [p.syn, p.ratedSyn, p.ratedSem])).toEqual([[0.5, 2, 1]]);
    const mine = await listCellPairs(
      pool,
      { kind: 'campaign', campaignId: campaign.id, source: 'ratings', median: 'lower', annotator: pseudonymOf(1) },
      [4, 3],
      { page: 1, pageSize: 10 },
    );
    expect(mine).toHaveLength(1);
    const byMeasure = await listCellPairs(pool, { kind: 'campaign', campaignId: campaign.id, source: 'measures' }, [0, 4], {
      page: 1,
      pageSize: 10,
    });
    expect(byMeasure.map((p) => p.sem)).toEqual([0.9]);
  });

  it('one map per corpus of a campaign (the EACL paper Fig. 2): each counts its own pairs only, and together they are the pooled map', async () => {
    const r = (semantic: number, syntactic: number) => ({ semantic, syntactic });
    // pairs alternate between the two corpora (even index: corpus 0, odd: corpus 1)
    const pairs: RatedPairSpec[] = [
      { measures: { syn: 0.1, sem: 0.9 }, answers: [r(4, 0), r(4, 1)] }, // corpus 0: median sem 4, syn 0 (lower)
      { measures: { syn: 0.5, sem: 0.5 }, answers: [r(2, 2), r(2, 2)] }, // corpus 1: (2, 2)
      { measures: { syn: 0.9, sem: 0.1 }, answers: [r(0, 4), r(0, 4)] }, // corpus 0: syn 4, sem 0
      { measures: { syn: 0.3, sem: 0.7 }, answers: [r(3, 1), undefined] }, // corpus 1: syn 1, sem 3
      { measures: { syn: 0.3, sem: 0.7 }, answers: [undefined, undefined] }, // corpus 0: missing
    ];
    const { campaign, corpora, pseudonymOf } = await makeRatedCampaign(db, { annotators: 2, pairs, corpora: 2 });
    expect((await listCampaignCorpora(pool, campaign.id)).map((c) => c.id).sort((a, b) => a - b)).toEqual(
      corpora.map((c) => c.id).sort((a, b) => a - b),
    );
    const pooled = await getCampaignRatingsMap(pool, campaign.id);
    const first = await getCampaignRatingsMap(pool, campaign.id, { corpusId: corpora[0]!.id });
    const second = await getCampaignRatingsMap(pool, campaign.id, { corpusId: corpora[1]!.id });
    const only = (cells: Array<[number, number]>, missing: number) => {
      const grid = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
      for (const [x, y] of cells) grid[x]![y]! += 1;
      return { cells: grid, missing };
    };
    expect(first).toEqual(
      only(
        [
          [0, 4],
          [4, 0],
        ],
        1,
      ),
    );
    expect(second).toEqual(
      only(
        [
          [2, 2],
          [1, 3],
        ],
        0,
      ),
    );
    expect(pooled.cells.map((row, x) => row.map((n, y) => n - first.cells[x]![y]! - second.cells[x]![y]!))).toEqual(
      Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]),
    );
    expect(pooled.missing).toBe(first.missing + second.missing);
    // one annotator within one corpus; the measure map per corpus; the cells of a corpus's map
    expect(
      (await getCampaignRatingsMap(pool, campaign.id, { annotator: pseudonymOf(0), corpusId: corpora[1]!.id })).cells[1]![3],
    ).toBe(1);
    expect((await getCampaignMeasureMap(pool, campaign.id, corpora[1]!.id)).cells[2]![2]).toBe(1);
    expect((await getCampaignMeasureMap(pool, campaign.id, corpora[0]!.id)).cells[2]![2]).toBe(0);
    const cell = await listCellPairs(
      pool,
      { kind: 'campaign', campaignId: campaign.id, source: 'ratings', median: 'lower', corpusId: corpora[0]!.id },
      [4, 0],
      { page: 1, pageSize: 10 },
    );
    expect(cell).toHaveLength(1);
    expect(
      await listCellPairs(
        pool,
        { kind: 'campaign', campaignId: campaign.id, source: 'ratings', median: 'lower', corpusId: corpora[1]!.id },
        [4, 0],
        { page: 1, pageSize: 10 },
      ),
    ).toEqual([]);
  });
});
