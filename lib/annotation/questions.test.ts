import { describe, expect, it } from 'vitest';
import { findConsistencyHints } from './consistency';
import { answersInOrder, builtInQuestion, checkAnswers, resolveQuestions, type Question } from './questions';
import { relationInOrder, swapRelation } from './relations';

const all = (
  resolveQuestions(['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation', 'rationale']) as {
    questions: Question[];
  }
).questions;

describe('resolveQuestions', () => {
  it('takes built-in keys with their defaults (all required but the rationale)', () => {
    expect(all.map((q) => [q.key, q.type, q.required])).toEqual([
      ['semantic', 'likert', true],
      ['syntactic', 'likert', true],
      ['paraphraseLoose', 'boolean', true],
      ['paraphraseStrict', 'boolean', true],
      ['relation', 'relation', true],
      ['rationale', 'text', false],
    ]);
  });

  it('takes custom choice questions and settings of built-in ones', () => {
    const result = resolveQuestions([
      { key: 'semantic', required: false },
      {
        key: 'nli',
        type: 'choice',
        options: ['entailment', 'neutral', { value: 'contradiction', label: 'Contradiction' }],
        level: 'nominal',
      },
      { key: 'rationale', requiredWhen: [{ question: 'nli', values: ['contradiction'] }] },
    ]);
    expect('questions' in result && result.questions).toEqual([
      { ...builtInQuestion('semantic'), required: false },
      {
        key: 'nli',
        type: 'choice',
        label: 'nli',
        required: true,
        level: 'nominal',
        options: [
          { value: 'entailment', label: 'entailment' },
          { value: 'neutral', label: 'neutral' },
          { value: 'contradiction', label: 'Contradiction' },
        ],
      },
      { ...builtInQuestion('rationale'), requiredWhen: [{ question: 'nli', values: ['contradiction'] }] },
    ]);
  });

  it('names every unknown or malformed question', () => {
    expect(
      resolveQuestions([
        'semantic',
        'novelty',
        { key: 'x', type: 'choice', options: ['a'] },
        'semantic',
        { key: 'rationale', requiredWhen: [{ question: 'nope', values: [1] }] },
      ]),
    ).toEqual({
      errors: [
        'questions[1] ("novelty"): unknown question (built-in: semantic, syntactic, paraphraseLoose, paraphraseStrict, relation, rationale; custom ones need "type": "choice")',
        'questions[2] ("x"): a choice question needs at least two distinct, non-empty options',
        'questions[3] ("semantic"): asked twice',
        'rationale: requiredWhen refers to "nope", which is not asked',
      ],
    });
    expect(resolveQuestions([])).toEqual({ errors: ['questions: ask at least one question'] });
  });
});

describe('checkAnswers', () => {
  const full = { semantic: 3, syntactic: 1, paraphraseLoose: true, paraphraseStrict: false, relation: 'forward' };

  it('accepts a complete answer and trims the rationale; empty text counts as not given', () => {
    expect(checkAnswers(all, { ...full, rationale: '  adds a date  ' })).toEqual({
      ok: true,
      answers: { ...full, rationale: 'adds a date' },
    });
    expect(checkAnswers(all, { ...full, rationale: '   ' })).toEqual({ ok: true, answers: full });
  });

  it('reports values out of range, unknown questions and missing required answers by field', () => {
    expect(checkAnswers(all, { semantic: 5, syntactic: 1.5, paraphraseLoose: 'yes', relation: 'entails', novelty: 1 })).toEqual({
      ok: false,
      errors: {
        novelty: 'is not a question of this campaign',
        semantic: 'must be an integer from 0 to 4, not 5',
        syntactic: 'must be an integer from 0 to 4, not 1.5',
        paraphraseLoose: 'must be true or false, not "yes"',
        relation: 'must be one of equivalence, forward, reverse, intersection, exclusion, negation, not "entails"',
        paraphraseStrict: 'is required',
      },
    });
  });

  it('requires a rationale only for the answers its condition names', () => {
    const questions = (
      resolveQuestions([
        'paraphraseStrict',
        { key: 'rationale', requiredWhen: [{ question: 'paraphraseStrict', values: [false] }] },
      ]) as { questions: Question[] }
    ).questions;
    expect(checkAnswers(questions, { paraphraseStrict: true })).toEqual({ ok: true, answers: { paraphraseStrict: true } });
    expect(checkAnswers(questions, { paraphraseStrict: false })).toEqual({
      ok: false,
      errors: { rationale: 'is required for the answers given' },
    });
    expect(checkAnswers(questions, { paraphraseStrict: false, rationale: 'strict: adds the year' })).toMatchObject({ ok: true });
    expect(checkAnswers(questions, { paraphraseStrict: false, rationale: 'x'.repeat(4001) })).toEqual({
      ok: false,
      errors: { rationale: 'must be at most 4000 characters (it has 4001)' },
    });
  });
});

describe('relations and display order', () => {
  it('forward and reverse swap when the texts were shown swapped; the rest stay', () => {
    expect(swapRelation('forward')).toBe('reverse');
    expect(swapRelation('reverse')).toBe('forward');
    for (const r of ['equivalence', 'intersection', 'exclusion', 'negation'] as const) expect(relationInOrder(r, true)).toBe(r);
    expect(answersInOrder(all, { relation: 'forward', semantic: 2 }, true)).toEqual({ relation: 'reverse', semantic: 2 });
    expect(answersInOrder(all, { relation: 'forward' }, false)).toEqual({ relation: 'forward' });
    expect(answersInOrder(all, answersInOrder(all, { relation: 'reverse' }, true), true)).toEqual({ relation: 'reverse' });
  });
});

describe('consistency hints', () => {
  it('warn about combinations that contradict the definitions', () => {
    expect(findConsistencyHints({ relation: 'equivalence', paraphraseStrict: false }).map((h) => h.message)).toEqual([
      'Equivalent texts are usually a strict paraphrase.',
    ]);
    expect(findConsistencyHints({ relation: 'negation', paraphraseLoose: true, semantic: 4 }).map((h) => h.message)).toEqual([
      'Texts in negation are never a paraphrase.',
      'High semantic similarity with negation is unusual.',
    ]);
    expect(findConsistencyHints({ paraphraseStrict: true, paraphraseLoose: false })).toHaveLength(1);
    expect(findConsistencyHints({ relation: 'forward', paraphraseLoose: true, paraphraseStrict: true, semantic: 3 })).toEqual([]);
  });
});
