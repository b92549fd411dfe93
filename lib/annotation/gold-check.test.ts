import { describe, expect, it } from 'vitest';
import { builtInQuestion } from './questions';
import { checkGoldAnswer, computeGoldAccuracy, countedGoldAnswers } from './gold-check';

const questions = ['semantic', 'relation', 'paraphraseLoose', 'rationale'].map((k) => builtInQuestion(k as 'semantic'));

describe('checkGoldAnswer', () => {
  it('counts only the questions the gold answer gives; Likert within one point', () => {
    const expected = { semantic: 3, relation: 'forward', rationale: 'ignored' };
    expect(
      checkGoldAnswer(questions, expected, { semantic: 4, relation: 'forward', paraphraseLoose: false, rationale: 'x' }),
    ).toEqual({ correct: true, missed: [] });
    expect(checkGoldAnswer(questions, expected, { semantic: 1, relation: 'forward' })).toEqual({
      correct: false,
      missed: ['semantic'],
    });
    expect(checkGoldAnswer(questions, expected, { semantic: 3, relation: 'reverse' })).toEqual({
      correct: false,
      missed: ['relation'],
    });
    expect(checkGoldAnswer(questions, expected, { semantic: 2, relation: 'forward' }, 0)).toEqual({
      correct: false,
      missed: ['semantic'],
    });
    expect(countedGoldAnswers(questions, expected)).toEqual({ semantic: 3, relation: 'forward' });
  });
});

describe('computeGoldAccuracy', () => {
  it('flags under the threshold (MultiPIT: 85%), never without gold answers', () => {
    expect(computeGoldAccuracy([true, true, true, true, false], 0.85)).toEqual({
      answered: 5,
      correct: 4,
      accuracy: 0.8,
      flagged: true,
    });
    expect(computeGoldAccuracy([true, true, true, true, true, true, false], 0.85)).toMatchObject({ flagged: false });
    expect(computeGoldAccuracy([])).toEqual({ answered: 0, correct: 0, accuracy: null, flagged: false });
  });
});
