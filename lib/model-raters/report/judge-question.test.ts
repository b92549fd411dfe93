/**
 * The judge report on small hand-worked examples. Each figure is either worked out by hand in the
 * comments or, where the report must agree with lib/agreement, recomputed by lib/agreement from the
 * matrix the report is defined on (the humans' rows, then the model as one more coder row).
 */
import { describe, expect, it } from 'vitest';
import { computeAgreementReportWithBootstrap } from '@/lib/agreement/agreement-report';
import { rejectAcrossAltTests, runAltTest } from '@/lib/agreement/alt-test';
import { computeCohenKappa } from '@/lib/agreement/cohen-kappa';
import { builtInQuestion } from '@/lib/annotation/questions';
import { computePearson } from '@/lib/stats/pearson';
import { judgeByStratum, judgeQuestion, restrictJudgeInput } from './judge-question';
import type { FinalLabel, QuestionJudgeInput } from './judge-types';

const final = (value: number | string | boolean | null, method: string, open = false): FinalLabel => ({ value, method, open });
const LIKERT = [0, 1, 2, 3, 4];

/**
 * pair:  A    B    C   | model | final
 *   1:   4    4    3   |   4   | 4 (median)
 *   2:   2    2    2   |   1   | 2 (unanimous)
 *   3:   0    1    —   |   0   | open (tie)
 *   4:   3    —    1   |   3   | open (spread)
 *   5:   —    2    —   |   2   | 2 (unanimous)
 *   6:   1    1    1   |   —   | 1
 *   7:   —    —    —   |   4   | none
 */
function likertInput(): QuestionJudgeInput {
  return {
    question: builtInQuestion('semantic'),
    humans: {
      coders: ['A', 'B', 'C'],
      units: [1, 2, 3, 4, 5, 6],
      ratings: [
        [4, 2, 0, 3, null, 1],
        [4, 2, 1, null, 2, 1],
        [3, 2, null, 1, null, 1],
      ],
    },
    model: new Map([
      [1, 4],
      [2, 1],
      [3, 0],
      [4, 3],
      [5, 2],
      [7, 4],
    ]),
    finals: new Map([
      [1, final(4, 'median')],
      [2, final(2, 'unanimous')],
      [3, final(null, 'tie', true)],
      [4, final(null, 'spread', true)],
      [5, final(2, 'unanimous')],
      [6, final(1, 'unanimous')],
    ]),
    epsilon: 0.15,
    bootstrap: { resamples: 300, seed: 7 },
  };
}

describe('judgeQuestion on a Likert question', () => {
  const report = judgeQuestion(likertInput());

  it('counts the pairs compared and those answered by one side only', () => {
    expect(report.pairs).toEqual({ compared: 5, humansOnly: 1, modelOnly: 1, invalidAnswers: { model: 0, humans: 0 } });
    expect([report.level, report.scoring, report.categories]).toEqual(['ordinal', 'neg_rmse', ['0', '1', '2', '3', '4']]);
  });

  it('gives the alpha of lib/agreement on the compared pairs, without and with the model as one more coder', () => {
    const humans = [
      [4, 2, 0, 3, null],
      [4, 2, 1, null, 2],
      [3, 2, null, 1, null],
    ];
    const model = [4, 1, 0, 3, 2];
    for (const [figure, ratings] of [
      [report.alpha.humans, humans],
      [report.alpha.withModel, [...humans, model]],
    ] as const) {
      const { report: expected, bootstrap } = computeAgreementReportWithBootstrap(
        { ratings, level: 'ordinal', categories: LIKERT },
        { resamples: 300, seed: 7 },
      );
      expect(figure.alpha).toEqual(expected.coefficients.krippendorffAlpha);
      const ci = bootstrap.intervals.krippendorffAlpha.interval!;
      expect(figure.ci95).toEqual([ci.low, ci.high]);
      expect([figure.units, figure.pairableValues, figure.coders]).toEqual([
        expected.units,
        expected.pairableValues,
        ratings.length,
      ]);
    }
    // Pair 5 has one human rating: pairable only with the model.
    expect([report.alpha.humans.units, report.alpha.withModel.units]).toEqual([4, 5]);
  });

  it('compares the model with each human on the pairs both answered', () => {
    expect(report.humans.map((h) => [h.annotator, h.n, h.accuracy.value])).toEqual([
      ['A', 4, 3 / 4],
      ['B', 4, 2 / 4],
      ['C', 3, 0],
    ]);
    // B: model 4 1 0 2, B 4 2 1 2: p_o = 1/2; p_e = 1/4·1/4 (1) + 1/4·1/2 (2) + 1/4·1/4 (4) = 1/4; κ = (1/2 − 1/4)/(3/4).
    expect(report.humans[1]!.kappa.value).toBeCloseTo(1 / 3, 12);
    expect(report.humans[0]!.quadraticKappa).toEqual(
      computeCohenKappa([4, 1, 0, 3], [4, 2, 0, 3], { categories: LIKERT, weighting: 'quadratic' }),
    );
  });

  it('leaves open final labels out of the comparison with the final label and counts them by method', () => {
    expect(report.final.n).toBe(3);
    expect(report.final.open).toEqual({ total: 2, byMethod: { tie: 1, spread: 1 } });
    expect(report.final.noFinal).toBe(1);
    expect(report.final.accuracy.value).toBeCloseTo(2 / 3, 12);
    const cells = report.final.confusion.cells;
    expect([cells[4]![4], cells[1]![2], cells[2]![2]]).toEqual([
      { n: 1, pairIds: [1] },
      { n: 1, pairIds: [2] },
      { n: 1, pairIds: [5] },
    ]);
    expect(cells.flat().reduce((s, c) => s + c.n, 0)).toBe(3);
    expect(report.final.quadraticKappa).toEqual(
      computeCohenKappa([4, 1, 2], [4, 2, 2], { categories: LIKERT, weighting: 'quadratic' }),
    );
    expect(report.final.binary).toBeNull();
  });

  it('runs the alt-test on the ratings with negative RMSE', () => {
    const altTest = runAltTest({
      humans: new Map([
        [
          'A',
          new Map([
            [1, 4],
            [2, 2],
            [3, 0],
            [4, 3],
            [6, 1],
          ]),
        ],
        [
          'B',
          new Map([
            [1, 4],
            [2, 2],
            [3, 1],
            [5, 2],
            [6, 1],
          ]),
        ],
        [
          'C',
          new Map([
            [1, 3],
            [2, 2],
            [4, 1],
            [6, 1],
          ]),
        ],
      ]),
      model: new Map([
        [1, 4],
        [2, 1],
        [3, 0],
        [4, 3],
        [5, 2],
        [7, 4],
      ]),
      scoring: 'neg_rmse',
      epsilon: 0.15,
    });
    expect(report.altTest).toEqual(altTest);
    // Kept: pairs 1-4 (pair 5 has one human, pair 6 no model answer). A against B and C: pair 1 ties
    // (both 4 are −√(1/2) from 4 and 3), pair 2 A is better (2 against 2, 2; the model said 1), 3 and 4 tie.
    expect(report.altTest.items).toEqual({ kept: 4, fewHumans: 1, noModel: 1 });
    expect(report.altTest.annotators[0]).toMatchObject({
      test: 'wilcoxon',
      n: 4,
      differences: { annotatorBetter: 1, tie: 3, modelBetter: 0 },
    });
    expect(report.altTest.annotators[0]!.advantage.value).toBe(3 / 4);
  });

  it('summarises expected ratings against the humans’ mean rating', () => {
    const expected = new Map([
      [1, 3.6],
      [2, 1.4],
      [3, 0.5],
      [4, 2.9],
      [5, 2.1],
      [6, 1],
      [9, 3],
    ]);
    const summary = judgeQuestion({ ...likertInput(), expected }).expected!;
    // Pair 6 has no model answer and pair 9 no human: left out.
    const means = [11 / 3, 2, 0.5, 2, 2];
    expect(summary.n).toBe(5);
    expect(summary.pearson).toEqual(computePearson([3.6, 1.4, 0.5, 2.9, 2.1], means));
    expect(summary.answerPearson).toEqual(computePearson([4, 1, 0, 3, 2], means));
    expect(report.swap).toBeNull();
  });

  it('compares a repeated run with the run it repeats on the pairs both answered (drift)', () => {
    // this run: 1→4, 2→1, 3→0, 4→3, 5→2, 7→4; the earlier run: 1→4, 2→2, 3→0, 5→2, 8→1 (8: not in this run)
    const earlier = new Map([
      [1, 4],
      [2, 2],
      [3, 0],
      [5, 2],
      [8, 1],
    ]);
    const repeat = judgeQuestion({ ...likertInput(), repeatOf: { runId: 3, answers: earlier } }).repeat!;
    expect(repeat.runId).toBe(3);
    expect(repeat.n).toBe(4);
    expect(repeat.identical.value).toBe(3 / 4);
    expect(repeat.kappa).toEqual(computeCohenKappa([4, 1, 0, 2], [4, 2, 0, 2], { categories: LIKERT }));
    expect(repeat.confusion.rows).toBe('this run');
    expect(repeat.confusion.cells[1]![2]).toEqual({ n: 1, pairIds: [2] });
    expect(report.repeat).toBeNull();
  });

  it('is plain JSON: the same after a round trip', () => {
    const full = judgeQuestion({ ...likertInput(), expected: new Map([[1, 3.5]]), swapped: new Map([[1, 4]]) });
    expect(JSON.parse(JSON.stringify(full))).toEqual(full);
  });

  it('counts answers outside the scale apart', () => {
    const input = likertInput();
    const withInvalid = judgeQuestion({ ...input, model: new Map([...input.model, [6, 7]]) });
    expect(withInvalid.pairs).toEqual({ ...report.pairs, invalidAnswers: { model: 1, humans: 0 } });
  });
});

describe('judgeByStratum', () => {
  const strata = new Map([
    [1, 'a'],
    [2, 'a'],
    [7, 'a'],
    [3, 'b'],
    [4, 'b'],
    [5, 'b'],
  ]);
  const input = { ...likertInput(), bootstrap: { resamples: 1000, seed: 7 } };
  const reports = judgeByStratum(input, strata, ['b', 'empty'], { fdr: 'per-stratum' });

  it('reports each stratum in order as judgeQuestion on its pairs, with at most 200 resamples', () => {
    expect(reports.map((r) => r.stratum)).toEqual(['b', 'empty', 'a']);
    const b = judgeQuestion({ ...restrictJudgeInput(likertInput(), new Set([3, 4, 5])), bootstrap: { resamples: 200, seed: 7 } });
    expect(reports[0]).toEqual({ stratum: 'b', ...b });
    expect(reports[0]!.pairs.compared).toBe(3);
    expect(reports[2]!.pairs).toMatchObject({ compared: 2, modelOnly: 1 });
    expect(reports[0]!.alpha.bootstrap.resamples).toBe(200);
  });

  it('controls the alt-test’s false discovery rate over all strata together by default', () => {
    const joint = judgeByStratum(input, strata, ['b', 'empty']);
    expect(joint.map((r) => ({ ...r, altTest: undefined }))).toEqual(reports.map((r) => ({ ...r, altTest: undefined })));
    expect(joint.map((r) => r.altTest)).toEqual(rejectAcrossAltTests(reports.map((r) => r.altTest)));
    expect(joint[0]!.altTest.jointTests).toBe(reports.reduce((s, r) => s + r.altTest.tested, 0));
  });

  it('gives an empty stratum undefined figures with reasons', () => {
    const empty = reports[1]!;
    expect(empty.pairs.compared).toBe(0);
    expect(empty.alpha.humans.alpha).toEqual({ value: null, reason: 'no pair was answered by the model and a human' });
    expect(empty.altTest.winningRate.value).toBeNull();
    expect(empty.final.accuracy.value).toBeNull();
  });
});
