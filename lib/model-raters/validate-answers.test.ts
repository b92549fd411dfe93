import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import { validateModelAnswers } from './validate-answers';

const topic: Question = {
  key: 'topic',
  type: 'choice',
  label: 'Topic',
  required: true,
  options: [
    { value: 'art', label: 'Art' },
    { value: 'war', label: 'War' },
  ],
};
const asked: Question[] = [
  builtInQuestion('semantic'),
  builtInQuestion('paraphraseLoose'),
  builtInQuestion('relation'),
  topic,
  builtInQuestion('rationale'),
];
const good = { semantic: 3, paraphraseLoose: true, relation: 'forward', topic: 'art', rationale: ' Both name the band. ' };

describe('validateModelAnswers', () => {
  it('accepts a valid answer, in the order asked, with the annotators’ trimming', () => {
    const check = validateModelAnswers(asked, {
      rationale: good.rationale,
      topic: 'art',
      relation: 'forward',
      paraphraseLoose: true,
      semantic: 3,
    });
    expect(check).toEqual({ ok: true, answers: { ...good, rationale: 'Both name the band.' } });
    expect(Object.keys((check as { answers: object }).answers)).toEqual(asked.map((q) => q.key));
  });

  it('reads the unambiguous spellings of the documented list', () => {
    const check = validateModelAnswers(asked, {
      ...good,
      semantic: ' 2 ',
      paraphraseLoose: 'No',
      relation: 'Forward',
      topic: 'WAR',
    });
    expect(check).toMatchObject({
      ok: true,
      answers: { semantic: 2, paraphraseLoose: false, relation: 'forward', topic: 'war' },
    });
  });

  it('ignores keys that were not asked', () => {
    expect(validateModelAnswers(asked, { ...good, explanation: 'because' })).toMatchObject({ ok: true });
  });

  it('explains every problem for the model, in the order asked', () => {
    const check = validateModelAnswers(asked, {
      semantic: 6,
      paraphraseLoose: 'maybe',
      relation: 'entailment',
      topic: 'art',
      rationale: '',
    });
    expect(check).toEqual({
      ok: false,
      error:
        '"semantic" must be one of 0, 1, 2, 3, 4, not 6; "paraphraseLoose" must be true or false, not "maybe"; ' +
        '"relation" must be one of equivalence, forward, reverse, intersection, exclusion, negation, not "entailment"; "rationale" is required.',
    });
  });

  it('requires every asked question, refuses other numbers and non-objects', () => {
    expect(validateModelAnswers([builtInQuestion('semantic')], {})).toEqual({ ok: false, error: '"semantic" is required.' });
    expect(validateModelAnswers([builtInQuestion('semantic')], { semantic: 2.5 })).toMatchObject({ ok: false });
    expect(validateModelAnswers([builtInQuestion('semantic')], { semantic: 'three' })).toMatchObject({ ok: false });
    expect(validateModelAnswers([builtInQuestion('semantic')], [3])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/one JSON object/) as string,
    });
  });
});
