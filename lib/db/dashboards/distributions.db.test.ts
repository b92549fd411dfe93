/**
 * Distributions by label against a real database, checked against NumPy
 * (lib/dashboards/__fixtures__/generate-distribution-cases.py): the quartiles, whiskers, mean and
 * histograms per group from the one SQL statement equal numpy.percentile, matplotlib's whisker rule
 * and numpy.histogram on the same values; unlabelled pairs are counted apart; measures without values
 * are left out; a campaign's groups are its final labels on its non-gold pairs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fixture from '@/lib/dashboards/__fixtures__/distribution-cases.json';
import { assembleDistributions } from '@/lib/dashboards/distributions';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import { catalogueMeasures, computeDistributionRows, countDistributionGroups } from './distributions';
import { refreshCampaignFinalLabels } from '../annotations/final-labels';
import { makeRatedCampaign } from '../testing/rated-campaign';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

describe('distributions by label (NumPy fixture)', () => {
  it("a corpus's pairs by its own paraphrase label: every figure as NumPy computes it", async () => {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      fixture.pairs.map((p, i) => ({
        a: `Distribution pair ${i} one.`,
        b: `Distribution pair ${i} two.`,
        ...(p.label === null
          ? {}
          : { referenceIsParaphrase: p.label === 'yes', referenceLabel: p.label === 'yes' ? ' entailment ' : 'neutral' }),
        measures: { syn: p.syn, delta: p.delta, ...(p.bleu === null ? {} : { bleu: p.bleu }) },
      })),
    );
    const scope = { kind: 'corpus', corpusId: corpus.id, by: 'reference' } as const;
    const groups = await countDistributionGroups(pool, scope);
    expect(groups.sort((a, b) => (a.group ?? 'zz').localeCompare(b.group ?? 'zz'))).toEqual([
      { group: 'no', pairs: 18 },
      { group: 'yes', pairs: 24 },
      { group: null, pairs: 4 },
    ]);
    const measures = catalogueMeasures();
    const rows = await computeDistributionRows(pool, scope, measures, fixture.bins);
    const result = assembleDistributions(
      'reference',
      measures,
      rows,
      [
        { group: 'yes', pairs: 24 },
        { group: 'no', pairs: 18 },
      ],
      4,
      fixture.bins,
    );
    expect(result.measures.map((m) => m.measure)).toEqual(['bleu', 'syn', 'delta']);
    for (const m of result.measures) {
      const expected = fixture.expected[m.measure as keyof typeof fixture.expected];
      expect(m.edges).toHaveLength(fixture.bins + 1);
      m.edges.forEach((e, i) => expect(e).toBeCloseTo(expected.edges[i]!, 12));
      expect(m.groups.map((g) => g.group)).toEqual(['yes', 'no']);
      for (const g of m.groups) {
        const want = expected.groups[g.group as 'yes' | 'no'];
        expect(g.n).toBe(want.n);
        expect(g.histogram).toEqual(want.histogram);
        for (const key of ['min', 'q1', 'median', 'q3', 'max', 'whiskerLow', 'whiskerHigh', 'mean'] as const)
          expect(g[key], `${m.measure} ${g.group} ${key}`).toBeCloseTo(want[key], 12);
      }
    }
    // by its label: the same pairs, the label trimmed
    const byLabel = await countDistributionGroups(pool, { kind: 'corpus', corpusId: corpus.id, by: 'label' });
    expect(byLabel.find((g) => g.group === 'entailment')?.pairs).toBe(24);
  });

  it("a campaign's pairs by a question's final label: gold pairs and undecided ones left out of the groups", async () => {
    const yes = { paraphraseLoose: true };
    const no = { paraphraseLoose: false };
    const { campaign } = await makeRatedCampaign(db, {
      annotators: 2,
      questions: ['paraphraseLoose'],
      pairs: [
        { measures: { bleu: 0.9 }, answers: [yes, yes] },
        { measures: { bleu: 0.7 }, answers: [yes, yes] },
        { measures: { bleu: 0.2 }, answers: [no, no] },
        { measures: { bleu: 0.5 }, answers: [yes, no] }, // undecided
        { measures: { bleu: 0.1 }, answers: [yes, yes], gold: true },
      ],
    });
    await refreshCampaignFinalLabels(pool, campaign.id);
    const scope = { kind: 'campaign', campaignId: campaign.id, question: 'paraphraseLoose' } as const;
    const groups = await countDistributionGroups(pool, scope);
    expect(groups.sort((a, b) => (a.group ?? 'zz').localeCompare(b.group ?? 'zz'))).toEqual([
      { group: 'no', pairs: 1 },
      { group: 'yes', pairs: 2 },
      { group: null, pairs: 1 },
    ]);
    const rows = await computeDistributionRows(pool, scope, catalogueMeasures());
    const yesRow = rows.find((r) => r.measure === 'bleu' && r.group === 'yes')!;
    expect(yesRow).toMatchObject({ n: 2, min: 0.7, max: 0.9, rangeLow: 0, rangeHigh: 1 });
    expect(yesRow.median).toBeCloseTo(0.8, 12);
    expect(
      rows
        .filter((r) => r.measure === 'bleu')
        .map((r) => r.group)
        .sort(),
    ).toEqual(['no', 'yes']);
  });
});
