/**
 * Agreement and correlations of a seeded campaign against a real database. Expected values are
 * computed in the test from the seeded spec, independently of lib/agreement and lib/stats:
 * Pearson's r by its definition, Fleiss' kappa by hand, the Fisher z interval from tanh/atanh.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import { computeCampaignAgreement, findDashboardCampaign, listUnitFacets, loadQuestionTables } from './campaign-agreement';
import { listAxisRatedPairs, listRatedPairs } from './campaign-correlations';
import { makeRatedCampaign, type RatedPairSpec } from '../testing/rated-campaign';
import { computeBreakdown } from '@/lib/dashboards/agreement-breakdown';
import {
  computeAxisCorrelationTables,
  computeCorrelationTables,
  correlateUserMeasures,
} from '@/lib/dashboards/correlation-table';
import { Readable } from 'node:stream';
import { importScores } from '../corpora/user-measures';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { findRatingAxis, HUMAN_DELTA_AXIS, ratingAxes, type RatingAxisDef } from '@/lib/dashboards/rating-axes';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

function pearson(x: number[], y: number[]): number {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((v, i) => {
    sxy += (v - mx) * (y[i]! - my);
    sxx += (v - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

// Six pairs, three annotators who answer every pair (annotator 3 is excluded), one gold pair.
const ratings = [
  [
    [4, 1],
    [4, 0],
    [3, 1],
  ],
  [
    [2, 2],
    [3, 2],
    [2, 3],
  ],
  [
    [1, 4],
    [0, 4],
    [1, 4],
  ],
  [
    [3, 3],
    [3, 3],
    [4, 3],
  ],
  [
    [0, 0],
    [1, 1],
    [0, 0],
  ],
  [
    [2, 1],
    [2, 1],
    [3, 1],
  ],
];
const measures = [
  { syn: 0.15, sem: 0.9, st: 0.95, rouge1: 0.2 },
  { syn: 0.5, sem: 0.55, st: 0.6, rouge1: 0.45 },
  { syn: 0.95, sem: 0.3, st: 0.35, rouge1: 0.9 },
  { syn: 0.7, sem: 0.8, st: 0.85, rouge1: 0.75 },
  { syn: 0.05, sem: 0.1, st: 0.1, rouge1: 0.1 },
  { syn: 0.3, sem: 0.5, st: 0.55, rouge1: 0.25 },
];
const pairs: RatedPairSpec[] = [
  ...ratings.map((rs, i) => ({
    measures: measures[i]!,
    stratum: `cell:${i % 2},1`,
    answers: [
      ...rs.map(([semantic, syntactic]) => ({ semantic: semantic!, syntactic: syntactic!, paraphraseLoose: semantic! >= 3 })),
      { semantic: 0, syntactic: 4, paraphraseLoose: false },
    ],
  })),
  {
    measures: { syn: 0.5, sem: 0.5 },
    gold: true,
    answers: [
      { semantic: 0, syntactic: 0, paraphraseLoose: true },
      { semantic: 4, syntactic: 4, paraphraseLoose: false },
      undefined,
      undefined,
    ],
  },
];

describe('campaign dashboards', () => {
  it('agreement per question: gold and excluded left out, Fleiss by hand, breakdowns by stratum', async () => {
    const { campaign } = await makeRatedCampaign(db, {
      annotators: 4,
      pairs,
      excluded: [3],
      questions: ['semantic', 'syntactic', 'paraphraseLoose', 'rationale'],
    });
    const found = (await findDashboardCampaign(pool, { slug: campaign.slug }))!;
    const agreement = await computeCampaignAgreement(pool, found, { bootstrap: { resamples: 100, seed: 3 } });
    expect(Object.keys(agreement)).toEqual(['semantic', 'syntactic', 'paraphraseLoose']);
    const loose = agreement.paraphraseLoose!;
    expect(loose).toMatchObject({ level: 'nominal', units: 6, pairableValues: 18, raters: 3 });
    // Loose labels per pair (yes = sem ≥ 3): [y,y,y] [n,y,n] [n,n,n] [y,y,y] [n,n,n] [n,n,y]
    const yes = [3, 1, 0, 3, 0, 1];
    const pBar = yes.reduce((s, k) => s + (k * (k - 1) + (3 - k) * (2 - k)) / 6, 0) / 6;
    const pYes = yes.reduce((a, b) => a + b, 0) / 18;
    const pe = pYes ** 2 + (1 - pYes) ** 2;
    expect(loose.fleissKappa).toBeCloseTo((pBar - pe) / (1 - pe), 12);
    expect(loose.percentAgreement).toBeCloseTo(4 / 6, 12);
    expect(loose.gwetAC1).not.toBeNull();
    const semantic = agreement.semantic!;
    expect(semantic.level).toBe('ordinal');
    expect(semantic.krippendorffAlphaInterval).not.toBeNull();
    expect(semantic.ci95?.krippendorffAlpha?.[0]).toBeLessThanOrEqual(semantic.krippendorffAlpha!);

    const tables = await loadQuestionTables(pool, found);
    const facets = await listUnitFacets(pool, campaign.id);
    expect(facets.size).toBe(6);
    const byStratum = computeBreakdown(tables[2]!.table, tables[2]!.scheme, facets, { kind: 'stratum' });
    expect(byStratum.map((r) => [r.group, r.agreement.units])).toEqual([
      ['syn 0 · sem 1', 3],
      ['syn 1 · sem 1', 3],
    ]);
    expect(byStratum[0]!.agreement.percentAgreement).toBeCloseTo(3 / 3, 12); // pairs 1, 3, 5: unanimous
  });

  it('correlations: per-pair mean (or lower median) ratings against each measure, pooled and per corpus', async () => {
    const { campaign, pairIds } = await makeRatedCampaign(db, { annotators: 4, pairs, excluded: [3], corpora: 2 });
    const rows = await listRatedPairs(pool, campaign.id, 'mean');
    expect(rows).toHaveLength(6);
    const meanSem = ratings.map((rs) => rs.reduce((s, r) => s + r[0]!, 0) / 3);
    const meanSyn = ratings.map((rs) => rs.reduce((s, r) => s + r[1]!, 0) / 3);
    const { pooled, byCorpus } = computeCorrelationTables(rows);
    expect(pooled.st.semantic.n).toBe(6);
    expect(pooled.st.semantic.pearson).toBeCloseTo(
      pearson(
        measures.map((m) => m.st),
        meanSem,
      ),
      12,
    );
    expect(pooled.rouge1.syntactic.pearson).toBeCloseTo(
      pearson(
        measures.map((m) => m.rouge1),
        meanSyn,
      ),
      12,
    );
    const r = pooled.st.semantic.pearson!;
    const se = 1 / Math.sqrt(6 - 3);
    expect(pooled.st.semantic.ci95![0]).toBeCloseTo(Math.tanh(Math.atanh(r) - 1.959963984540054 * se), 9);
    expect(pooled.wms.semantic.n).toBe(0);
    expect(pooled.wms.semantic.pearson).toBeNull();
    expect(byCorpus.map((c) => c.n)).toEqual([3, 3]);
    const first = [0, 2, 4];
    expect(byCorpus[0]!.table.syn.syntactic.pearson).toBeCloseTo(
      pearson(
        first.map((i) => measures[i]!.syn),
        first.map((i) => meanSyn[i]!),
      ),
      12,
    );

    const median = await listRatedPairs(pool, campaign.id, 'median');
    const lowerMedian = (i: number) => ratings[i]!.map((r) => r[0]!).sort((a, b) => a - b)[1];
    expect(median.map((p) => p.ratedSem)).toEqual(median.map((p) => lowerMedian(pairIds.indexOf(p.pairId))));
    expect(median.map((p) => p.pairId).sort((a, b) => a - b)).toEqual(pairIds.slice(0, 6).sort((a, b) => a - b));
  });

  it('any rating axis: a custom ordinal question read as the option position, human Δ as median semantic − median syntactic (scipy 1.10.1)', async () => {
    // Expected values: scipy.stats pearsonr/spearmanr/kendalltau on these numbers (Δsem,syn rounded
    // to 10 places, as stored here).
    // The six pairs above with Δsem,syn stored, and a third question "fluency" (ordinal: poor < fair < good).
    const fluency = [
      ['good', 'good', 'fair'],
      ['fair', 'poor', 'fair'],
      ['poor', 'poor', 'fair'],
      ['good', 'fair', 'good'],
      ['poor', 'poor', 'poor'],
      ['fair', 'good', 'good'],
    ];
    const withFluency: RatedPairSpec[] = pairs.map((p, i) => ({
      ...p,
      measures: {
        ...p.measures,
        ...(p.measures.sem !== undefined && p.measures.syn !== undefined
          ? { delta: Math.round((p.measures.sem - p.measures.syn) * 1e10) / 1e10 }
          : {}),
      },
      answers: p.answers.map((a, k) => (a && !p.gold ? { ...a, fluency: k < 3 ? fluency[i]![k]! : 'good' } : a)),
    }));
    const questions = [
      'semantic',
      'syntactic',
      { key: 'fluency', type: 'choice' as const, options: ['poor', 'fair', 'good'], level: 'ordinal' as const },
      { key: 'topic', type: 'choice' as const, options: ['a', 'b'] },
    ];
    const created = await makeRatedCampaign(db, { annotators: 4, pairs: withFluency, excluded: [3], questions });
    const { campaign } = created;
    const found = (await findDashboardCampaign(pool, { slug: campaign.slug }))!;
    expect(ratingAxes(found.questions).map((a) => a.key)).toEqual(['semantic', 'syntactic', 'fluency', HUMAN_DELTA_AXIS]);
    expect(findRatingAxis(found.questions, 'topic')).toEqual({
      error: expect.stringContaining('"topic" is not an ordered question') as unknown,
    });
    const axis = (key: string): RatingAxisDef => {
      const f = findRatingAxis(found.questions, key);
      if ('error' in f) throw new Error(f.error);
      return f.axis;
    };

    // Per-pair mean option position of the three counted answers (the excluded annotator's "good" left out).
    const fl = await listAxisRatedPairs(pool, campaign.id, axis('fluency'), 'mean');
    expect(fl.map((r) => r.rating)).toEqual([5 / 3, 2 / 3, 1 / 3, 5 / 3, 0, 5 / 3].map((v) => expect.closeTo(v, 12) as unknown));
    const flTable = computeAxisCorrelationTables(fl).pooled;
    expect(flTable.st.n).toBe(6);
    expect(flTable.st.pearson).toBeCloseTo(0.8655751695955554, 12);
    expect(flTable.st.spearman).toBeCloseTo(0.8196885999705371, 12);
    expect(flTable.st.kendall).toBeCloseTo(0.7453559924999299, 12);
    expect(flTable.syn.kendall).toBeCloseTo(0, 12);

    // Human Δ from the lower medians: [3, 0, -3, 0, 0, 1].
    const hd = await listAxisRatedPairs(pool, campaign.id, axis(HUMAN_DELTA_AXIS), 'median');
    expect(hd.map((r) => r.rating)).toEqual([3, 0, -3, 0, 0, 1]);
    const hdTable = computeAxisCorrelationTables(hd).pooled;
    expect(hdTable.delta.pearson).toBeCloseTo(0.9955134480649261, 12);
    expect(hdTable.delta.spearman).toBeCloseTo(0.954863710632231, 12);
    expect(hdTable.delta.kendall).toBeCloseTo(0.9258200997725515, 12);
    expect(hdTable.syn.pearson).toBeCloseTo(-0.7643726180908997, 12);

    // A measure of the corpus's own (import-scores) holding ST's values correlates with the axis exactly as ST does.
    const { pairIds } = created;
    const file = `pair_id,score\n${withFluency.flatMap((p, i) => (p.measures.st === undefined ? [] : [`${pairIds[i]},${p.measures.st}`])).join('\n')}\n`;
    await importScores(pool, {
      slug: created.corpora[0]!.slug,
      map: 'id=pair_id',
      measures: 'model=score',
      rows: readAnnotationRowsFrom(Readable.from([Buffer.from(file)]), 'csv'),
      source: 'scores.csv',
      userId: null,
    });
    const own = correlateUserMeasures(
      await listAxisRatedPairs(pool, campaign.id, axis('fluency'), 'mean'),
      fl.map((r) => r.rating),
    );
    expect(own.model!.pearson).toBeCloseTo(0.8655751695955554, 12);
    expect(own.model!.n).toBe(6);

    // A Likert question as an axis gives the same numbers as the Table 6 layout.
    const sem = computeAxisCorrelationTables(await listAxisRatedPairs(pool, campaign.id, axis('semantic'), 'mean')).pooled;
    const table6 = computeCorrelationTables(await listRatedPairs(pool, campaign.id, 'mean')).pooled;
    expect(sem.st.pearson).toBeCloseTo(table6.st.semantic.pearson!, 12);
  });
});
