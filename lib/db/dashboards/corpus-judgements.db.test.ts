/**
 * Measures against the judgements that come with the data, against a real database: the corpus's
 * own scores (correlations checked against scipy 1.10: pearsonr, spearmanr, kendalltau on the
 * values below), its own labels and a campaign's final yes/no labels (threshold analysis; the
 * numbers themselves are checked against scikit-learn in lib/stats/threshold-analysis.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import { listMeasuresWithReferenceScores, listMeasureWithBinaryJudgement } from './corpus-judgements';
import { refreshCampaignFinalLabels } from '../annotations/final-labels';
import { makeRatedCampaign } from '../testing/rated-campaign';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { computeMeasureThresholds, computeReferenceCorrelations } from '@/lib/dashboards/judgement-analysis';
import { analyseThresholds } from '@/lib/stats/threshold-analysis';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

describe("a corpus's own scores", () => {
  it('correlates every measure with referenceScore, leaving out pairs without a score or a value', async () => {
    const corpus = await makeCorpus(db);
    const score = [4.8, 0.4, 2.5, 3.6, 1.2, 5.0, 2.0, 3.0];
    const bleu = [0.7, 0.05, 0.3, 0.45, 0.1, 0.9, 0.35, 0.2];
    await makePairs(db, corpus.id, [
      ...score.map((s, i) => ({
        a: `Scored ${i} one.`,
        b: `Scored ${i} two.`,
        referenceScore: s,
        measures: { bleu: bleu[i]!, ...(i < 4 ? { st: i / 4 } : {}) },
      })),
      { a: 'Unscored one.', b: 'Unscored two.', measures: { bleu: 0.5 } },
    ]);
    const result = computeReferenceCorrelations(await listMeasuresWithReferenceScores(pool, corpus.id));
    expect(result).toMatchObject({ against: 'referenceScore', n: 8, withoutScore: 1 });
    // scipy.stats: pearsonr → (0.9227097243358309, p 0.001088411886456516); spearmanr →
    // 0.9047619047619048 (p 0.0020082755054294677); kendalltau → 0.7857142857142856
    expect(result.measures.bleu.n).toBe(8);
    expect(result.measures.bleu.pearson).toBeCloseTo(0.9227097243358309, 12);
    expect(result.measures.bleu.pValue).toBeCloseTo(0.001088411886456516, 12);
    expect(result.measures.bleu.spearman).toBeCloseTo(0.9047619047619048, 12);
    expect(result.measures.bleu.spearmanPValue).toBeCloseTo(0.0020082755054294677, 10);
    expect(result.measures.bleu.kendall).toBeCloseTo(0.7857142857142856, 12);
    expect(result.measures.st.n).toBe(4);
    expect(result.measures.wms).toMatchObject({ n: 0, pearson: null });
    expect(result.measures.wms.reason).toBeTruthy();
  });
});

describe('threshold analysis against binary judgements', () => {
  it("the corpus's own labels: complete cases, with the pairs left out counted", async () => {
    const corpus = await makeCorpus(db);
    const rows = [
      { st: 0.95, label: true },
      { st: 0.85, label: true },
      { st: 0.82, label: false },
      { st: 0.6, label: true },
      { st: 0.4, label: false },
      { st: 0.2, label: false },
      { st: undefined, label: true },
      { st: 0.7, label: undefined },
    ];
    await makePairs(
      db,
      corpus.id,
      rows.map((r, i) => ({
        a: `Labelled ${i} one.`,
        b: `Labelled ${i} two.`,
        ...(r.label === undefined ? {} : { referenceIsParaphrase: r.label }),
        measures: r.st === undefined ? {} : { st: r.st },
      })),
    );
    const data = await listMeasureWithBinaryJudgement(pool, 'st', corpus.id, { kind: 'reference' });
    expect(data).toMatchObject({ total: 8, missingJudgement: 1, missingMeasure: 1 });
    const result = computeMeasureThresholds('st', data, 0.8);
    expect(result).toMatchObject({ n: 6, positives: 3, withoutJudgement: 1, withoutValue: 1 });
    expect(result.at).toMatchObject({ tp: 2, fp: 1, fn: 1, tn: 2 });
    expect(result.auc).toBe(analyseThresholds([0.95, 0.85, 0.82, 0.6, 0.4, 0.2], [true, true, false, true, false, false]).auc);
    expect(result.auc).toBeCloseTo(8 / 9, 12); // 8 of the 9 positive/negative pairs are ordered right
  });

  it('above the row limit, a systematic sample (one pair in k by id) of the complete cases, with every count still exact', async () => {
    const corpus = await makeCorpus(db);
    // 20 pairs: 2 without a label, 1 without a value, 17 complete cases
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 20 }, (_, i) => ({
        a: `Sampled ${i} one.`,
        b: `Sampled ${i} two.`,
        ...(i < 2 ? {} : { referenceIsParaphrase: i % 3 === 0 }),
        ...(i < 2 ? {} : { referenceScore: i / 4 }),
        measures: i === 2 ? {} : { st: i / 20 },
      })),
    );
    const ids = (await db.pair.findMany({ where: { corpusId: corpus.id }, orderBy: { id: 'asc' }, select: { id: true } })).map(
      (p) => p.id,
    );
    const complete = ids.slice(3); // the 17 pairs with a label and a value
    const data = await listMeasureWithBinaryJudgement(pool, 'st', corpus.id, { kind: 'reference' }, 5);
    // 17 complete cases over a limit of 5: every 4th pair by id
    expect(data).toMatchObject({ total: 20, missingJudgement: 2, missingMeasure: 1, sampleStep: 4 });
    expect(data.values).toHaveLength(complete.filter((id) => id % 4 === 0).length);
    const result = computeMeasureThresholds('st', data);
    expect(result).toMatchObject({ withoutJudgement: 2, withoutValue: 1, sampledFrom: 17, n: data.values.length });
    // within the limit: every complete case, and no sample to speak of
    const all = await listMeasureWithBinaryJudgement(pool, 'st', corpus.id, { kind: 'reference' }, 17);
    expect(all.sampleStep).toBe(1);
    expect(computeMeasureThresholds('st', all)).toMatchObject({ n: 17, sampledFrom: null });

    // the corpus's own scores: 18 scored pairs over a limit of 6, every 3rd by id; withoutScore stays exact
    const scored = await listMeasuresWithReferenceScores(pool, corpus.id, 6);
    expect(scored).toMatchObject({ total: 20, scored: 18, sampleStep: 3 });
    expect(scored.pairIds).toEqual(ids.slice(2).filter((id) => id % 3 === 0));
    expect(computeReferenceCorrelations(scored)).toMatchObject({ n: scored.pairIds.length, withoutScore: 2, sampledFrom: 18 });
  });

  it("a campaign's final yes/no labels on the corpus's pairs: open finals and gold pairs left out", async () => {
    const yes = { paraphraseLoose: true };
    const no = { paraphraseLoose: false };
    const { campaign, corpora } = await makeRatedCampaign(db, {
      annotators: 2,
      questions: ['paraphraseLoose'],
      pairs: [
        { measures: { bleu: 0.9 }, answers: [yes, yes] },
        { measures: { bleu: 0.7 }, answers: [yes, no] }, // an exact split: open by default
        { measures: { bleu: 0.3 }, answers: [no, no] },
        { measures: { bleu: 0.6 }, answers: [yes, yes] },
        { measures: { bleu: 0.1 }, answers: [yes, yes], gold: true },
      ],
    });
    await refreshCampaignFinalLabels(pool, campaign.id);
    const data = await listMeasureWithBinaryJudgement(pool, 'bleu', corpora[0]!.id, {
      kind: 'campaign',
      campaignId: campaign.id,
      question: 'paraphraseLoose',
    });
    expect(data.total).toBe(4);
    expect(data.values.slice().sort()).toEqual([0.3, 0.6, 0.9]);
    expect(data.missingJudgement).toBe(1);
    const result = computeMeasureThresholds('bleu', data);
    expect(result).toMatchObject({ n: 3, positives: 2, auc: 1 });
    expect(result.best).toMatchObject({ threshold: 0.6, f1: 1 });
  });
});
