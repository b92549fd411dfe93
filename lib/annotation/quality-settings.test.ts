import { describe, expect, it } from 'vitest';
import { resolveQuestions, type Question } from './questions';
import { DEFAULT_GATE_SETTINGS } from './quality-gate';
import {
  checkQualitySettings,
  DEFAULT_QUALITY_SETTINGS,
  goldCountedQuestions,
  gradeGoldAnswer,
  readQualitySettings,
  voteRuleMismatch,
} from './quality-settings';

const resolved = resolveQuestions([{ key: 'semantic' }, { key: 'relation' }, { key: 'rationale' }]);
const questions: Question[] = 'questions' in resolved ? resolved.questions : [];

describe('quality settings', () => {
  it('reads missing or malformed values as the defaults (a campaign from before the setting behaves as before)', () => {
    expect(readQualitySettings({})).toEqual(DEFAULT_QUALITY_SETTINGS);
    expect(readQualitySettings(null)).toEqual({
      goldQuestions: null,
      likertTolerance: 1,
      openSpread: 2,
      orderedTie: 'lower',
      yesNoTie: 'open',
      yesNoRule: 'majority',
      ...DEFAULT_GATE_SETTINGS,
    });
    expect(
      readQualitySettings({ likertTolerance: -1, openSpread: 0, goldQuestions: [3], orderedTie: 'middle', yesNoTie: true }),
    ).toEqual(DEFAULT_QUALITY_SETTINGS);
    expect(
      readQualitySettings({
        likertTolerance: 0,
        openSpread: 3,
        goldQuestions: ['relation'],
        orderedTie: 'open',
        yesNoTie: 'yes',
      }),
    ).toEqual({
      goldQuestions: ['relation'],
      likertTolerance: 0,
      openSpread: 3,
      orderedTie: 'open',
      yesNoTie: 'yes',
      yesNoRule: 'majority',
      ...DEFAULT_GATE_SETTINGS,
    });
    expect(
      readQualitySettings({ gateMinKappa: 0.2, gateMinGoldAccuracy: 1.5, gateMinJudgements: 0, gateQuestion: 'paraphraseLoose' }),
    ).toMatchObject({
      gateMinKappa: 0.2,
      gateMinGoldAccuracy: null,
      gateMinJudgements: 20,
      gateQuestion: 'paraphraseLoose',
    });
    expect(readQualitySettings({ yesNoRule: 'multipitCrowd' }).yesNoRule).toBe('multipitCrowd');
    expect(readQualitySettings({ yesNoRule: 'threeOfFive' }).yesNoRule).toBe('majority');
  });

  it("a vote rule fits only a campaign whose overlap is the rule's count", () => {
    expect(voteRuleMismatch({ yesNoRule: 'majority' }, 4)).toBeNull();
    expect(voteRuleMismatch({ yesNoRule: 'multipitCrowd' }, 6)).toBeNull();
    expect(voteRuleMismatch({ yesNoRule: 'twoOfThree' }, 3)).toBeNull();
    expect(voteRuleMismatch({ yesNoRule: 'multipitCrowd' }, 3)).toMatch(
      /counts 6 judgements per pair, but this campaign collects 3/,
    );
  });

  it('accepts only labelled questions of the campaign as gold questions, naming the others', () => {
    expect(questions.map((q) => q.key)).toEqual(['semantic', 'relation', 'rationale']);
    expect(checkQualitySettings(questions, DEFAULT_QUALITY_SETTINGS)).toEqual([]);
    expect(checkQualitySettings(questions, { ...DEFAULT_QUALITY_SETTINGS, goldQuestions: ['semantic'] })).toEqual([]);
    expect(checkQualitySettings(questions, { ...DEFAULT_QUALITY_SETTINGS, goldQuestions: ['rationale', 'nli'] })).toEqual([
      'not a labelled question of the campaign: "rationale", "nli"',
    ]);
    expect(checkQualitySettings(questions, { ...DEFAULT_QUALITY_SETTINGS, goldQuestions: [] })).toHaveLength(1);
  });

  it('counts the chosen questions with the chosen Likert tolerance', () => {
    expect(goldCountedQuestions(questions, DEFAULT_QUALITY_SETTINGS).map((q) => q.key)).toEqual(['semantic', 'relation']);
    const expected = { semantic: 4, relation: 'equivalence' };
    const given = { semantic: 2, relation: 'equivalence' };
    // default: both questions, within 1 point: 2 vs 4 misses
    expect(gradeGoldAnswer(questions, DEFAULT_QUALITY_SETTINGS, expected, given)).toEqual({
      correct: false,
      missed: ['semantic'],
      expected,
    });
    // within 2 points: right
    expect(gradeGoldAnswer(questions, { ...DEFAULT_QUALITY_SETTINGS, likertTolerance: 2 }, expected, given).correct).toBe(true);
    // only the relation counts: right, and the expected answer shown is the relation alone
    expect(gradeGoldAnswer(questions, { ...DEFAULT_QUALITY_SETTINGS, goldQuestions: ['relation'] }, expected, given)).toEqual({
      correct: true,
      missed: [],
      expected: { relation: 'equivalence' },
    });
    // exact Likert: 3 vs 4 misses
    expect(
      gradeGoldAnswer(questions, { ...DEFAULT_QUALITY_SETTINGS, likertTolerance: 0 }, expected, { ...given, semantic: 3 }).missed,
    ).toEqual(['semantic']);
  });
});
