import { describe, expect, it } from 'vitest';
import { builtInQuestion } from '@/lib/annotation/questions';
import { ActiveTimer } from './active-timer';
import { AnswerForm } from './answer-form';
import { LocalStore, type StorageLike } from './local-store';

const questions = [
  builtInQuestion('semantic'),
  builtInQuestion('paraphraseLoose'),
  builtInQuestion('rationale'),
  builtInQuestion('relation'),
];

function setup() {
  const data = new Map<string, string>();
  const storage: StorageLike = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  const clock = { t: 0 };
  const make = () => new AnswerForm(new LocalStore(storage, 1, 1), new ActiveTimer(clock.t), () => clock.t);
  return { data, clock, make, form: make() };
}

describe('AnswerForm', () => {
  it('starts at the first question and moves on after each answer key, skipping the free text', () => {
    const { form } = setup();
    form.open({ pairId: 5, initial: {} }, questions);
    expect(form.getSnapshot()).toMatchObject({ activeIndex: 0, focusSeq: 1 });
    form.answer('semantic', 3, true);
    expect(form.getSnapshot().activeIndex).toBe(1);
    form.answer('paraphraseLoose', true, true);
    expect(form.getSnapshot().activeIndex).toBe(3);
    form.answer('relation', 'forward', true);
    expect(form.getSnapshot()).toMatchObject({
      activeIndex: null,
      focusSeq: 4,
      answers: { semantic: 3, paraphraseLoose: true, relation: 'forward' },
    });
  });

  it('a mouse answer or a focus change does not move the focus', () => {
    const { form } = setup();
    form.open({ pairId: 5, initial: {} }, questions);
    form.answer('relation', 'negation');
    form.activate(3);
    expect(form.getSnapshot()).toMatchObject({ activeIndex: 3, focusSeq: 1 });
  });

  it('keeps every answer as a draft with its active time, and restores it after a reload', () => {
    const { form, make, clock } = setup();
    form.open({ pairId: 5, initial: {} }, questions);
    clock.t = 4000;
    form.answer('semantic', 2, true);
    const reloaded = make();
    reloaded.open({ pairId: 5, initial: {} }, questions);
    expect(reloaded.getSnapshot()).toMatchObject({ answers: { semantic: 2 }, activeIndex: 1 });
    clock.t = 5000;
    expect(reloaded.elapsed()).toBe(5000);
  });

  it('going to another form and back keeps both drafts; submitting clears one', () => {
    const { form } = setup();
    form.open({ pairId: 5, initial: {} }, questions);
    form.answer('semantic', 1);
    form.open({ pairId: 4, baseVersion: 2, initial: { semantic: 4 } }, questions);
    expect(form.getSnapshot().answers).toEqual({ semantic: 4 });
    form.answer('semantic', 0);
    form.open({ pairId: 5, initial: {} }, questions);
    expect(form.getSnapshot().answers).toEqual({ semantic: 1 });
    form.open({ pairId: 4, baseVersion: 2, initial: { semantic: 4 } }, questions);
    expect(form.getSnapshot().answers).toEqual({ semantic: 0 });
    expect(form.isDirty()).toBe(true);
    form.finish();
    expect(form.isDirty()).toBe(false);
    form.open({ pairId: 4, baseVersion: 3, initial: { semantic: 0 } }, questions);
    form.open({ pairId: 4, baseVersion: 2, initial: { semantic: 4 } }, questions);
    expect(form.getSnapshot().answers).toEqual({ semantic: 4 });
  });

  it('opening the form on screen again changes nothing', () => {
    const { form } = setup();
    form.open({ pairId: 5, initial: {} }, questions);
    form.answer('semantic', 1, true);
    form.open({ pairId: 5, initial: {} }, questions);
    expect(form.getSnapshot()).toMatchObject({ answers: { semantic: 1 }, activeIndex: 1, focusSeq: 2 });
  });

  it('↓ and ↑ visit every question and the submit button', () => {
    const { form } = setup();
    form.open({ pairId: 5, initial: {} }, questions);
    form.move(1);
    form.move(1);
    expect(form.getSnapshot().activeIndex).toBe(2);
    form.move(1);
    form.move(1);
    expect(form.getSnapshot().activeIndex).toBeNull();
    form.move(-1);
    expect(form.getSnapshot().activeIndex).toBe(3);
    form.focus(0);
    form.move(-1);
    expect(form.getSnapshot().activeIndex).toBe(0);
  });

  it('a rejected submit marks the missing answers and focuses the first; answering clears its mark', () => {
    const { form } = setup();
    form.open({ pairId: 5, initial: {} }, questions);
    form.reject({ relation: 'is required', paraphraseLoose: 'is required' });
    expect(form.getSnapshot()).toMatchObject({
      activeIndex: 1,
      errors: { relation: 'is required', paraphraseLoose: 'is required' },
    });
    form.answer('paraphraseLoose', false, true);
    expect(form.getSnapshot().errors).toEqual({ relation: 'is required' });
  });

  it('does nothing without a form on screen', () => {
    const { form } = setup();
    form.answer('semantic', 1, true);
    form.move(1);
    expect(form.getSnapshot()).toMatchObject({ target: null, answers: {}, focusSeq: 0 });
  });
});
