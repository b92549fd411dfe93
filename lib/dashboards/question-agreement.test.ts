/**
 * Which coefficients a question gets, checked on Krippendorff's published example (Krippendorff
 * 2011, "Computing Krippendorff's alpha-reliability", 4 observers × 12 units on a 1-5 scale:
 * nominal 0.743, ordinal 0.815, interval 0.849), shifted to the 0-4 Likert scale (alpha does not
 * change under a shift), and on small tables worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { builtInQuestion } from '@/lib/annotation/questions';
import { computeCohenKappa } from '@/lib/agreement/cohen-kappa';
import { alphaHint, computeConfusionMatrix, landisKochBand, subsetTable } from './agreement-aids';
import {
  agreementScheme,
  computeFleissForTable,
  describeFleissUnits,
  computePairwiseKappas,
  computeQuestionAgreement,
  computeQuestionAgreements,
  mergeRelationDirections,
  type RatingTable,
} from './question-agreement';
import { FLEISS_1971_DIAGNOSES_BY_SUBJECT, transposeToCodersByUnits } from '@/lib/agreement/__fixtures__/published-data';

const K = null;
// Krippendorff (2011), section "C. Nominal data, any number of observers, missing data" (values 1-5).
const published = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, K, K, K],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, K, 3],
  [K, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, K],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, K],
];
const likertTable: RatingTable = {
  coders: ['A', 'B', 'C', 'D'],
  units: published[0]!.map((_, i) => i + 1),
  ratings: published.map((row) => row.map((v) => (v === null ? null : v - 1))),
};

describe('question agreement', () => {
  it('Likert: ordinal alpha headline and interval beside it, as Krippendorff (2011) publishes', () => {
    const a = computeQuestionAgreement(likertTable, agreementScheme(builtInQuestion('semantic'))!);
    expect(a.level).toBe('ordinal');
    expect(a.krippendorffAlpha).toBeCloseTo(0.815, 3);
    expect(a.krippendorffAlphaInterval).toBeCloseTo(0.849, 3);
    expect(a.units).toBe(11); // unit 12 has one rating: not pairable
    expect(a.pairableValues).toBe(40);
    expect(a.raters).toBe(4);
    // Unweighted AC1 over the five categories, as irrCAC publishes for this data (0.775).
    expect(a.gwetAC1).toBeCloseTo(0.775444068126995, 12);
    // Fleiss' kappa on the 8 units rated by all four coders (the most common number); the 4 others are
    // left out. By hand (Python, Fleiss 1971's formula on those 8 units): 0.6414565826330533.
    expect(a.fleissKappa).toBeCloseTo(0.6414565826330533, 12);
    expect(a.fleissUnits).toEqual({ ratings: 4, used: 8, leftOut: 4, fewer: 4 });
    expect(describeFleissUnits(a.fleissUnits)).toBe(
      "Fleiss' κ uses the 8 pairs with 4 ratings each; 4 pairs with fewer were left out.",
    );
  });

  it("Fleiss' kappa on complete units: Fleiss (1971) with an incomplete unit added still gives the published 0.430", () => {
    const coders = transposeToCodersByUnits(FLEISS_1971_DIAGNOSES_BY_SUBJECT);
    // a 31st subject rated by two of the six psychiatrists only
    const ratings = coders.map((row, i) => [...row.map((v) => `d${v}`), i < 2 ? 'd1' : null]);
    const fleiss = computeFleissForTable(ratings, ['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(fleiss.estimate.value).toBeCloseTo(0.4302445, 7);
    expect(fleiss.units).toEqual({ ratings: 6, used: 30, leftOut: 1, fewer: 1 });
    expect(describeFleissUnits(fleiss.units)).toBe(
      "Fleiss' κ uses the 30 pairs with 6 ratings each; 1 pair with fewer was left out.",
    );
    expect(describeFleissUnits({ ratings: 2, used: 5, leftOut: 2, fewer: 0 })).toMatch(/2 pairs with more were left out/);
    // a tie between numbers of ratings goes to the larger; a table of single ratings has no Fleiss' kappa
    expect(
      computeFleissForTable(
        [
          ['a', 'a'],
          ['a', null],
          ['b', null],
        ],
        ['a', 'b'],
      ).units,
    ).toMatchObject({ ratings: 3, used: 1 });
    expect(
      computeFleissForTable(
        [
          ['a', null],
          [null, 'b'],
        ],
        ['a', 'b'],
      ).estimate.reason,
    ).toBe('no pair has two ratings or more');
  });

  it('nominal reading of the same data gives 0.743; mean Cohen is the mean of the defined pairwise kappas (quadratic for Likert)', () => {
    const nominal = computeQuestionAgreement(
      { ...likertTable, ratings: likertTable.ratings.map((r) => r.map((v) => (v === null ? null : `c${String(v)}`))) },
      { level: 'nominal', categories: ['c0', 'c1', 'c2', 'c3', 'c4'], binary: false, likert: false },
    );
    expect(nominal.krippendorffAlpha).toBeCloseTo(0.743, 3);
    const pairs = computePairwiseKappas(likertTable, agreementScheme(builtInQuestion('semantic'))!);
    expect(pairs).toHaveLength(6);
    const ab = pairs.find((p) => p.a === 'A' && p.b === 'B')!;
    expect(ab.n).toBe(9);
    expect(ab.kappa.value).toBeCloseTo(
      computeCohenKappa([0, 1, 2, 2, 1, 0, 3, 0, 1], [0, 1, 2, 2, 1, 1, 3, 0, 1], {
        weighting: 'quadratic',
        categories: [0, 1, 2, 3, 4],
      }).value!,
      12,
    );
    const a = computeQuestionAgreement(likertTable, agreementScheme(builtInQuestion('semantic'))!, { minSharedPairs: 1 });
    expect(a.meanCohenKappa).toBeCloseTo(pairs.reduce((s, p) => s + p.kappa.value!, 0) / 6, 12);
    expect(a.cohenPairs).toEqual({ used: 6, tooFewShared: 0, undefinedKappa: 0, minShared: 1 });
    // With the default of 10 shared pairs, only the annotator pairs that rated 10 units together count.
    const byDefault = computeQuestionAgreement(likertTable, agreementScheme(builtInQuestion('semantic'))!);
    const enough = pairs.filter((p) => p.n >= 10);
    expect(byDefault.cohenPairs).toEqual({
      used: enough.length,
      tooFewShared: 6 - enough.length,
      undefinedKappa: 0,
      minShared: 10,
    });
    expect(byDefault.meanCohenKappa).toBeCloseTo(enough.reduce((s, p) => s + p.kappa.value!, 0) / enough.length, 12);
  });

  it("booleans: Gwet's AC1 and Fleiss' kappa when every pair has the same number of ratings (coders may differ)", () => {
    // 3 pairs × 2 ratings, by different coders: yes/yes, no/no, yes/no.
    const table: RatingTable = {
      coders: ['a', 'b', 'c'],
      units: [1, 2, 3],
      ratings: [
        [true, false, null],
        [true, null, true],
        [null, false, false],
      ],
    };
    const a = computeQuestionAgreement(table, agreementScheme(builtInQuestion('paraphraseLoose'))!);
    // Fleiss by hand: P̄ = (1 + 1 + 0)/3 = 2/3; p_yes = 3/6, p_no = 3/6, Pe = 0.5; κ = (2/3 − 1/2)/(1/2) = 1/3.
    expect(a.fleissKappa).toBeCloseTo(1 / 3, 12);
    expect(a.percentAgreement).toBeCloseTo(2 / 3, 12);
    // AC1 by hand: Pa = 2/3, Pe = 2·0.5·0.5/(q − 1) = 0.5, AC1 = (2/3 − 1/2)/(1/2) = 1/3.
    expect(a.gwetAC1).toBeCloseTo(1 / 3, 12);
    expect(computeFleissForTable([[null]], ['no', 'yes']).estimate.reason).toBe('no rated units');
  });

  it('undefined coefficients say why, never 0 or 1; seeded bootstrap intervals are reproducible', () => {
    const same: RatingTable = {
      coders: ['a', 'b'],
      units: [1, 2],
      ratings: [
        [2, 2],
        [2, 2],
      ],
    };
    const a = computeQuestionAgreement(same, agreementScheme(builtInQuestion('semantic'))!);
    expect(a.krippendorffAlpha).toBeNull();
    expect(a.undefinedReason).toMatch(/same value/);
    expect(
      computeQuestionAgreement({ coders: [], units: [], ratings: [] }, agreementScheme(builtInQuestion('relation'))!)
        .undefinedReason,
    ).toBe('no ratings yet');
    const bad = computeQuestionAgreement(
      { coders: ['a', 'b'], units: [1], ratings: [['sideways'], ['forward']] },
      agreementScheme(builtInQuestion('relation'))!,
    );
    expect(bad.krippendorffAlpha).toBeNull();
    expect(bad.undefinedReason).toMatch(/not one of the categories/);
    const one = computeQuestionAgreement(likertTable, agreementScheme(builtInQuestion('semantic'))!, {
      bootstrap: { resamples: 200, seed: 7 },
    });
    const two = computeQuestionAgreement(likertTable, agreementScheme(builtInQuestion('semantic'))!, {
      bootstrap: { resamples: 200, seed: 7 },
    });
    expect(one.ci95?.krippendorffAlpha).toEqual(two.ci95?.krippendorffAlpha);
    const [lo, hi] = one.ci95!.krippendorffAlpha!;
    expect(lo).toBeLessThan(one.krippendorffAlpha!);
    expect(hi).toBeGreaterThan(lo);
  });

  it('reading aids, confusion matrices and subsets', () => {
    expect([-0.1, 0.1, 0.3, 0.5, 0.7, 0.9].map(landisKochBand)).toEqual([
      'poor',
      'slight',
      'fair',
      'moderate',
      'substantial',
      'almost perfect',
    ]);
    expect([0.9, 0.7, 0.5, null].map(alphaHint)).toEqual([
      'reliable (≥ 0.8)',
      'tentative conclusions only (0.667-0.8)',
      'below 0.667: not reliable',
      null,
    ]);
    const table: RatingTable = {
      coders: ['a', 'b', 'c'],
      units: [1, 2],
      ratings: [
        ['equivalence', 'negation'],
        ['equivalence', 'exclusion'],
        ['forward', null],
      ],
    };
    const m = computeConfusionMatrix(table, ['equivalence', 'forward', 'negation', 'exclusion']);
    expect(m[0]![0]).toBe(2); // a-b and b-a on unit 1
    expect(m[0]![1]).toBe(2);
    expect(m[2]![3]).toBe(1);
    expect(m[3]![2]).toBe(1);
    const sub = subsetTable(table, (u) => u === 2);
    expect(sub).toEqual({ coders: ['a', 'b'], units: [2], ratings: [['negation'], ['exclusion']] });
  });

  it('sparse designs: annotator pairs sharing too few rated pairs are left out of the mean kappa and counted', () => {
    // a-b share 3 pairs (kappa defined); a-c share one disagreed pair (kappa 0); b-c share one agreed pair (kappa undefined).
    const table: RatingTable = {
      coders: ['a', 'b', 'c'],
      units: [1, 2, 3, 4, 5],
      ratings: [
        [true, false, true, true, null],
        [true, false, false, null, true],
        [null, null, null, false, true],
      ],
    };
    const scheme = agreementScheme(builtInQuestion('paraphraseLoose'))!;
    const all = computeQuestionAgreement(table, scheme, { minSharedPairs: 1 });
    const ab = computeCohenKappa([true, false, true].map(String), [true, false, false].map(String)).value!;
    expect(all.meanCohenKappa).toBeCloseTo((ab + 0) / 2, 12);
    expect(all.cohenPairs).toEqual({ used: 2, tooFewShared: 0, undefinedKappa: 1, minShared: 1 });
    const two = computeQuestionAgreement(table, scheme, { minSharedPairs: 2 });
    expect(two.meanCohenKappa).toBeCloseTo(ab, 12);
    expect(two.cohenPairs).toEqual({ used: 1, tooFewShared: 2, undefinedKappa: 0, minShared: 2 });
    const none = computeQuestionAgreement(table, scheme);
    expect(none.meanCohenKappa).toBeNull();
    expect(none.reasons.meanCohenKappa).toBe('no pair of annotators shares 10 or more rated pairs');
  });
});

describe('relations read with the directions merged (the thesis)', () => {
  const relation = agreementScheme(builtInQuestion('relation'))!;
  // three pairs, two annotators; they disagree only on the direction of entailment on pair 1
  const table = {
    coders: ['a', 'b'],
    units: [1, 2, 3],
    ratings: [
      ['forward', 'equivalence', 'negation'],
      ['reverse', 'equivalence', 'negation'],
    ],
  };

  it('merges forward and reverse into one entailment class; other questions are unchanged', () => {
    const merged = mergeRelationDirections({ scheme: relation, table }, true);
    expect(merged.scheme.categories).toEqual(['equivalence', 'entailment', 'intersection', 'exclusion', 'negation']);
    expect(merged.table.ratings).toEqual([
      ['entailment', 'equivalence', 'negation'],
      ['entailment', 'equivalence', 'negation'],
    ]);
    expect(mergeRelationDirections({ scheme: relation, table }, false)).toEqual({ scheme: relation, table });
  });

  it('agreement: the direction-only disagreement disappears when merged (percent agreement 2/3 → 1)', () => {
    const inputs = [{ key: 'relation', scheme: relation, table }];
    const directional = computeQuestionAgreements(inputs)['relation']!;
    const merged = computeQuestionAgreements(inputs, { mergedRelations: true })['relation']!;
    expect(directional.percentAgreement).toBeCloseTo(2 / 3, 12);
    expect(merged.percentAgreement).toBe(1);
    expect(merged.krippendorffAlpha).toBe(1);
    expect(directional.krippendorffAlpha!).toBeLessThan(1);
  });
});
