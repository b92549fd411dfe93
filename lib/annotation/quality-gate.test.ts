import { describe, expect, it } from 'vitest';
import { builtInQuestion } from './questions';
import { DEFAULT_GATE_SETTINGS, gateQuestionOf, gateReasons, kappaAgainstMajority } from './quality-gate';

describe('quality gate (MultiPIT, Dou et al. 2022, sec. 3)', () => {
  it('κ against the majority is Cohen κ of the own answers × the majority table', () => {
    // own × majority: yes/yes 20, yes/no 5, no/yes 10, no/no 15 (N = 50). p_o = 0.7, p_e = 0.5·0.6 + 0.5·0.4 = 0.5, κ = 0.4
    // (sklearn.metrics.cohen_kappa_score on the 50 expanded pairs gives 0.4 as well)
    const cells = [
      { own: 'true', majority: 'true', n: 20 },
      { own: 'true', majority: 'false', n: 5 },
      { own: 'false', majority: 'true', n: 10 },
      { own: 'false', majority: 'false', n: 15 },
    ];
    const { kappa, shared } = kappaAgainstMajority(cells);
    expect(shared).toBe(50);
    expect(kappa.value).toBeCloseTo(0.4, 12);
    // always the opposite of the majority, marginals 3:4 and 4:3: p_o = 0, p_e = 24/49, κ = −24/25 (sklearn: −0.96)
    expect(
      kappaAgainstMajority([
        { own: 'true', majority: 'false', n: 3 },
        { own: 'false', majority: 'true', n: 4 },
      ]).kappa.value,
    ).toBeCloseTo(-0.96, 12);
    // nothing shared: undefined, never 0
    expect(kappaAgainstMajority([]).kappa.value).toBeNull();
  });

  it('judges only after the minimum, only on the thresholds set, and "kept above" means at the threshold is out', () => {
    const on = { ...DEFAULT_GATE_SETTINGS, gateMinKappa: 0.2, gateMinGoldAccuracy: 0.85, gateMinJudgements: 10 };
    expect(gateReasons(DEFAULT_GATE_SETTINGS, { judgements: 100, shared: 100, kappa: -1, goldAccuracy: 0 })).toEqual([]);
    // κ on fewer shared pairs than the minimum is not judged yet
    expect(gateReasons(on, { judgements: 30, shared: 9, kappa: -1, goldAccuracy: 1 })).toEqual([]);
    expect(gateReasons(on, { judgements: 9, shared: 9, kappa: -1, goldAccuracy: 0 })).toEqual([]);
    expect(gateReasons(on, { judgements: 10, shared: 10, kappa: 0.2, goldAccuracy: 0.9 })).toEqual([
      "κ against the others' majority 0.200 is not above 0.2",
    ]);
    expect(gateReasons(on, { judgements: 10, shared: 10, kappa: 0.21, goldAccuracy: 0.85 })).toEqual([
      'gold accuracy 85% is not above 85%',
    ]);
    expect(gateReasons(on, { judgements: 10, shared: 10, kappa: null, goldAccuracy: null })).toEqual([]);
    expect(
      gateReasons({ ...on, gateMinGoldAccuracy: null }, { judgements: 10, shared: 10, kappa: 0.5, goldAccuracy: 0 }),
    ).toEqual([]);
  });

  it('computes κ on the first yes/no question unless told', () => {
    const questions = [
      builtInQuestion('semantic'),
      builtInQuestion('paraphraseLoose'),
      builtInQuestion('paraphraseStrict'),
      builtInQuestion('rationale'),
    ];
    expect(gateQuestionOf(questions, { gateQuestion: null })?.key).toBe('paraphraseLoose');
    expect(gateQuestionOf(questions, { gateQuestion: 'paraphraseStrict' })?.key).toBe('paraphraseStrict');
    expect(gateQuestionOf(questions, { gateQuestion: 'rationale' })).toBeNull();
    expect(gateQuestionOf([builtInQuestion('semantic')], { gateQuestion: null })?.key).toBe('semantic');
  });
});
