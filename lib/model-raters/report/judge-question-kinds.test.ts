/**
 * The judge report on yes/no, ordinal-choice and relation questions, hand-worked: precision, recall
 * and F1 of "yes" against the final label, kappa by hand, positions of ordinal options in the
 * alt-test, the swap probe, and the cap on pair ids per confusion cell.
 */
import { describe, expect, it } from 'vitest';
import { runAltTest } from '@/lib/agreement/alt-test';
import { computeCohenKappa } from '@/lib/agreement/cohen-kappa';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import { judgeQuestion } from './judge-question';
import type { FinalLabel } from './judge-types';

const final = (value: number | string | boolean | null, method: string, open = false): FinalLabel => ({ value, method, open });

describe('judgeQuestion on a yes/no question', () => {
  // model: yes yes no no yes yes no; final: yes no yes no yes, then a tie and an unanswered pair.
  const pairs = [1, 2, 3, 4, 5, 6, 7];
  const model = [true, true, false, false, true, true, false];
  const finals = [true, false, true, false, true, null, null];
  const report = judgeQuestion({
    question: builtInQuestion('paraphraseLoose'),
    humans: {
      coders: ['A', 'B'],
      units: pairs,
      ratings: [
        [true, false, true, false, true, true, false],
        [true, true, false, false, true, false, true],
      ],
    },
    model: new Map(pairs.map((p, i) => [p, model[i]!])),
    finals: new Map(
      pairs.map((p, i) => [
        p,
        i === 5 ? final(null, 'tie', true) : i === 6 ? final(null, 'unanswered', true) : final(finals[i]!, 'majority'),
      ]),
    ),
    epsilon: 0.1,
    bootstrap: { resamples: 50, seed: 1 },
  });

  it('gives precision, recall and F1 of yes against the final label', () => {
    // tp = 2 (1, 5), fp = 1 (2), fn = 1 (3), tn = 1 (4).
    expect(report.final.binary).toMatchObject({ tp: 2, fp: 1, fn: 1, tn: 1 });
    for (const key of ['precision', 'recall', 'f1'] as const) expect(report.final.binary![key].value).toBeCloseTo(2 / 3, 12);
    expect(report.final.open).toEqual({ total: 2, byMethod: { tie: 1, unanswered: 1 } });
    expect(report.final.confusion.categories).toEqual(['yes', 'no']);
    expect(report.final.confusion.cells[0]![1]).toEqual({ n: 1, pairIds: [2] });
    // p_o = 3/5, p_e = (3/5)(3/5) + (2/5)(2/5) = 0.52, κ = 0.08/0.48.
    expect(report.final.kappa.value).toBeCloseTo(1 / 6, 12);
    expect(report.final.kappa.ci95).not.toBeNull();
    expect(report.scoring).toBe('accuracy');
    expect(report.final.quadraticKappa).toBeUndefined();
  });

  it('compares with each human (model yes yes no no yes yes no, A yes no yes no yes yes no)', () => {
    // p_o = 5/7; model yes 4/7, A yes 4/7: p_e = 16/49 + 9/49 = 25/49; κ = (35/49 − 25/49)/(24/49) = 5/12.
    expect(report.humans[0]!.accuracy.value).toBeCloseTo(5 / 7, 12);
    expect(report.humans[0]!.kappa.value).toBeCloseTo(5 / 12, 12);
    expect(report.humans[0]!.quadraticKappa).toBeUndefined();
  });

  it('has two annotators: the alt-test warns that three are recommended', () => {
    expect(report.altTest.warnings[0]).toMatch(/^Only two human annotators/);
  });

  it('says why precision is undefined when the model never says yes', () => {
    const never = judgeQuestion({
      question: builtInQuestion('paraphraseLoose'),
      humans: { coders: ['A'], units: [1, 2], ratings: [[true, false]] },
      model: new Map([
        [1, false],
        [2, false],
      ]),
      finals: new Map([
        [1, final(true, 'unanimous')],
        [2, final(false, 'unanimous')],
      ]),
      epsilon: 0.1,
      bootstrap: { resamples: 20, seed: 1 },
    });
    expect(never.final.binary!.precision).toEqual({ value: null, reason: 'the model never answered yes on these pairs' });
    expect(never.final.binary!.recall.value).toBe(0);
    expect(never.altTest.winningRate.value).toBeNull();
    expect(never.alpha.humans.alpha.value).toBeNull();
  });
});

describe('judgeQuestion on ordinal choices and relations', () => {
  const fluency: Question = {
    key: 'fluency',
    type: 'choice',
    label: 'Fluency',
    required: true,
    level: 'ordinal',
    options: ['low', 'mid', 'high'].map((v) => ({ value: v, label: v })),
  };

  it('scores an ordinal choice by the options’ positions', () => {
    const report = judgeQuestion({
      question: fluency,
      humans: {
        coders: ['A', 'B', 'C'],
        units: [1, 2],
        ratings: [
          ['low', 'mid'],
          ['low', 'high'],
          ['mid', 'high'],
        ],
      },
      model: new Map([
        [1, 'high'],
        [2, 'high'],
      ]),
      finals: new Map(),
      epsilon: 0.2,
      bootstrap: { resamples: 20, seed: 1 },
    });
    expect(report.scoring).toBe('neg_rmse');
    const positions = new Map([
      [
        'A',
        new Map([
          [1, 0],
          [2, 1],
        ]),
      ],
      [
        'B',
        new Map([
          [1, 0],
          [2, 2],
        ]),
      ],
      [
        'C',
        new Map([
          [1, 1],
          [2, 2],
        ]),
      ],
    ]);
    expect(report.altTest).toEqual(
      runAltTest({
        humans: positions,
        model: new Map([
          [1, 2],
          [2, 2],
        ]),
        scoring: 'neg_rmse',
        epsilon: 0.2,
      }),
    );
    expect(report.humans[0]!.quadraticKappa).toEqual(
      computeCohenKappa(['high', 'high'], ['low', 'mid'], { categories: ['low', 'mid', 'high'], weighting: 'quadratic' }),
    );
    expect(report.final.noFinal).toBe(2);
  });

  it('probes the swap: how often the relation is the same with the texts exchanged', () => {
    const report = judgeQuestion({
      question: builtInQuestion('relation'),
      humans: {
        coders: ['A', 'B'],
        units: [1, 2, 3],
        ratings: [
          ['forward', 'equivalence', 'exclusion'],
          ['forward', 'equivalence', 'negation'],
        ],
      },
      model: new Map([
        [1, 'forward'],
        [2, 'equivalence'],
        [3, 'exclusion'],
      ]),
      swapped: new Map([
        [1, 'forward'],
        [2, 'equivalence'],
        [3, 'negation'],
        [4, 'forward'],
      ]),
      finals: new Map(),
      epsilon: 0.1,
      bootstrap: { resamples: 20, seed: 1 },
    });
    expect(report.swap!.n).toBe(3);
    expect(report.swap!.identical.value).toBeCloseTo(2 / 3, 12);
    expect(report.swap!.kappa).toEqual(
      computeCohenKappa(['forward', 'equivalence', 'exclusion'], ['forward', 'equivalence', 'negation'], {
        categories: [...report.categories],
      }),
    );
    const exclusion = report.categories.indexOf('exclusion');
    expect(report.swap!.confusion.cells[exclusion]![report.categories.indexOf('negation')]).toEqual({ n: 1, pairIds: [3] });
    expect(report.level).toBe('nominal');
  });

  it('refuses free-text questions', () => {
    const input = { humans: { coders: [], units: [], ratings: [] }, model: new Map(), finals: new Map(), epsilon: 0.1 };
    expect(() => judgeQuestion({ ...input, question: builtInQuestion('rationale') })).toThrow(/free text/);
  });

  it('lists at most 200 pairs per confusion cell, and counts them all', () => {
    const units = Array.from({ length: 250 }, (_, i) => 1000 - i);
    const report = judgeQuestion({
      question: builtInQuestion('paraphraseStrict'),
      humans: { coders: ['A', 'B'], units, ratings: [units.map(() => true), units.map(() => true)] },
      model: new Map(units.map((u) => [u, true])),
      finals: new Map(units.map((u) => [u, final(true, 'unanimous')])),
      epsilon: 0.1,
      bootstrap: { resamples: 10, seed: 1 },
    });
    const cell = report.final.confusion.cells[0]![0]!;
    expect(cell.n).toBe(250);
    expect(cell.pairIds).toEqual(Array.from({ length: 200 }, (_, i) => 751 + i));
    expect(report.final.confusion.idsCap).toBe(200);
  });
});
