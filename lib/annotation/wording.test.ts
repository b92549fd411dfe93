import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from './questions';
import { decideWordingEdit, meaningChanges, meaningLockedReason, wordingChanges, type CampaignText } from './wording';

const nli: Question = {
  key: 'nli',
  type: 'choice',
  label: 'Entailment?',
  required: true,
  level: 'nominal',
  options: [
    { value: 'entail', label: 'entails' },
    { value: 'neutral', label: 'neutral' },
  ],
};
const text = (questions: Question[], guidelines = '# Read carefully'): CampaignText => ({ guidelines, questions });
const base = text([builtInQuestion('semantic'), nli]);
const withLabel = (q: Question, label: string): Question => ({ ...q, label });

describe('wording changes', () => {
  it('lists the guidelines, question labels and option labels that differ, and nothing else', () => {
    const semantic = builtInQuestion('semantic');
    const edited = text(
      [
        withLabel(semantic, 'How similar is the meaning?'),
        { ...nli, options: [{ value: 'entail', label: 'the first entails the second' }, nli.options![1]!] },
      ],
      '# Read carefully, please',
    );
    expect(wordingChanges(base, edited)).toEqual(['guidelines', 'semantic: label', 'nli: label of entail']);
    expect(meaningChanges(base.questions, edited.questions)).toEqual([]);
    expect(wordingChanges(base, base)).toEqual([]);
  });
});

describe('meaning changes', () => {
  it('names options, scale, required-ness, level and the questions asked', () => {
    const semantic = builtInQuestion('semantic');
    expect(
      meaningChanges([nli], [{ ...nli, options: [...nli.options!, { value: 'contradict', label: 'contradicts' }] }]),
    ).toEqual(['nli: its options']);
    expect(meaningChanges([semantic], [{ ...semantic, options: semantic.options!.slice(0, 4) }])).toEqual([
      'semantic: its scale',
    ]);
    expect(meaningChanges([nli], [{ ...nli, required: false, level: 'ordinal' }])).toEqual([
      'nli: its level, when it is required',
    ]);
    expect(meaningChanges([semantic, nli], [nli, semantic])).toEqual([
      'the questions asked change from semantic, nli to nli, semantic',
    ]);
    expect(meaningChanges([semantic], [semantic, nli])[0]).toContain('to semantic, nli');
  });

  it('treats renaming an option value as a meaning change, not wording', () => {
    const renamed = { ...nli, options: [{ value: 'entailment', label: 'entails' }, nli.options![1]!] };
    expect(meaningChanges([nli], [renamed])).toEqual(['nli: its options']);
    expect(wordingChanges(text([nli]), text([renamed]))).toEqual([]);
  });
});

describe('deciding an edit', () => {
  it('saves wording after answers exist, keeping everything but the labels from the stored questions', () => {
    const edited = text([withLabel(builtInQuestion('semantic'), 'Meaning (0-4)'), nli]);
    const decision = decideWordingEdit(base, edited, 12);
    expect(decision).toMatchObject({ kind: 'save', changes: ['semantic: label'] });
    if (decision.kind === 'save')
      expect(decision.questions[0]).toEqual({ ...builtInQuestion('semantic'), label: 'Meaning (0-4)' });
  });

  it('refuses a meaning change once answers exist, saying how many and why', () => {
    const edited = text([
      builtInQuestion('semantic'),
      { ...nli, options: nli.options!.slice(0, 1).concat({ value: 'other', label: 'other' }) },
    ]);
    const decision = decideWordingEdit(base, edited, 3);
    expect(decision).toMatchObject({ kind: 'refuse', reason: 'locked' });
    if (decision.kind === 'refuse') {
      expect(decision.message).toContain('nli: its options');
      expect(decision.message).toContain('3 answers were given');
      expect(decision.message).toContain('Clone the campaign');
    }
  });

  it('allows a meaning change before any answer, checked by the rules of a new campaign', () => {
    const three = { ...nli, options: [...nli.options!, { value: 'contradict', label: 'contradicts' }] };
    expect(decideWordingEdit(base, text([builtInQuestion('semantic'), three]), 0)).toMatchObject({
      kind: 'save',
      changes: ['meaning: nli: its options'],
    });
    const one = { ...nli, options: nli.options!.slice(0, 1) };
    expect(decideWordingEdit(base, text([builtInQuestion('semantic'), one]), 0)).toMatchObject({
      kind: 'refuse',
      reason: 'invalid',
      message: expect.stringContaining('at least two distinct') as string,
    });
  });

  it('refuses blank labels and reports an edit that changes nothing', () => {
    expect(decideWordingEdit(base, text([withLabel(builtInQuestion('semantic'), '  '), nli]), 0)).toMatchObject({
      kind: 'refuse',
      reason: 'invalid',
      message: 'semantic: the question needs a label.',
    });
    expect(decideWordingEdit(base, base, 5)).toEqual({ kind: 'unchanged' });
  });

  it('has no lock before the first answer', () => {
    expect(meaningLockedReason(0)).toBeNull();
    expect(meaningLockedReason(1)).toMatch(/^1 answer was given/);
    expect(meaningLockedReason(1204)).toMatch(/^1,204 answers were given/);
  });
});
