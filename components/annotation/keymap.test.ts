import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import { actionForKey, answerForKey, ignoredKeyMessage, keyOutcome, optionKeys, shortcutsFor, type KeyPress } from './keymap';

const semantic = builtInQuestion('semantic');
const loose = builtInQuestion('paraphraseLoose');
const relation = builtInQuestion('relation');
const rationale = builtInQuestion('rationale');
const nli: Question = {
  key: 'nli',
  type: 'choice',
  label: 'NLI',
  required: true,
  level: 'nominal',
  options: ['entailment', 'neutral', 'contradiction'].map((v) => ({ value: v, label: v })),
};
const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, target: 'other', ...extra });

describe('answer keys act on the active question', () => {
  it('digits 0-4 rate a Likert scale; 5 does not', () => {
    expect(actionForKey(press('3'), semantic)).toEqual({ type: 'answer', question: 'semantic', value: 3 });
    expect(actionForKey(press('0'), semantic)).toEqual({ type: 'answer', question: 'semantic', value: 0 });
    expect(actionForKey(press('5'), semantic)).toBeNull();
  });

  it('y and n answer yes/no; n means negation for the relation', () => {
    expect(actionForKey(press('y'), loose)).toEqual({ type: 'answer', question: 'paraphraseLoose', value: true });
    expect(actionForKey(press('N'), loose)).toEqual({ type: 'answer', question: 'paraphraseLoose', value: false });
    expect(actionForKey(press('n'), relation)).toEqual({ type: 'answer', question: 'relation', value: 'negation' });
  });

  it('letters pick each of the six relations', () => {
    expect(['e', 'f', 'r', 'i', 'x', 'n'].map((k) => answerForKey(relation, k))).toEqual([
      'equivalence',
      'forward',
      'reverse',
      'intersection',
      'exclusion',
      'negation',
    ]);
    expect(optionKeys(relation)).toEqual(['e', 'f', 'r', 'i', 'x', 'n']);
  });

  it('digits from 1 pick the options of a custom choice question', () => {
    expect(actionForKey(press('2'), nli)).toEqual({ type: 'answer', question: 'nli', value: 'neutral' });
    expect(actionForKey(press('4'), nli)).toBeNull();
    expect(actionForKey(press('0'), nli)).toBeNull();
    const many: Question = { ...nli, options: Array.from({ length: 11 }, (_, i) => ({ value: `o${i}`, label: `o${i}` })) };
    expect(optionKeys(many).slice(8)).toEqual(['9', '0', '']);
    expect(answerForKey(many, '0')).toBe('o9');
  });

  it('a key of another question type does nothing to the active one', () => {
    expect(actionForKey(press('3'), loose)).toBeNull();
    expect(actionForKey(press('y'), semantic)).toBeNull();
  });

  it('Backspace clears the active answer', () => {
    expect(actionForKey(press('Backspace'), semantic)).toEqual({ type: 'clear', question: 'semantic' });
    expect(actionForKey(press('Backspace'), null)).toBeNull();
  });
});

describe('navigation keys', () => {
  it('submit, move, skip, history, help', () => {
    expect(actionForKey(press('Enter'), semantic)).toEqual({ type: 'submit' });
    expect(actionForKey(press('ArrowDown'), semantic)).toEqual({ type: 'nextQuestion' });
    expect(actionForKey(press('k'), null)).toEqual({ type: 'previousQuestion' });
    expect(actionForKey(press('s'), semantic)).toEqual({ type: 'skipPair' });
    expect(actionForKey(press('['), null)).toEqual({ type: 'back' });
    expect(actionForKey(press(']'), null)).toEqual({ type: 'forward' });
    expect(actionForKey(press('Escape'), null)).toEqual({ type: 'current' });
    expect(actionForKey(press('?', { shiftKey: true }), null)).toEqual({ type: 'toggleHelp' });
    expect(actionForKey(press('g'), relation)).toEqual({ type: 'toggleGuidelines' });
    expect(actionForKey(press('t'), semantic)).toEqual({ type: 'focusText' });
  });

  it('never takes browser shortcuts', () => {
    expect(actionForKey(press('r', { ctrlKey: true }), relation)).toBeNull();
    expect(actionForKey(press('[', { metaKey: true }), null)).toBeNull();
    expect(actionForKey(press('ArrowLeft', { altKey: true }), null)).toBeNull();
    expect(actionForKey(press('Enter', { ctrlKey: true }), null)).toEqual({ type: 'submit' });
  });

  it('leaves Enter and Space to a focused button or link', () => {
    expect(actionForKey(press('Enter', { target: 'control' }), semantic)).toBeNull();
    expect(actionForKey(press(' ', { target: 'control' }), semantic)).toBeNull();
    expect(actionForKey(press('3', { target: 'control' }), semantic)).toEqual({ type: 'answer', question: 'semantic', value: 3 });
  });

  it('in the text field only Esc and Enter are taken; Shift+Enter is a new line', () => {
    expect(actionForKey(press('y', { target: 'text' }), rationale)).toBeNull();
    expect(actionForKey(press('3', { target: 'text' }), semantic)).toBeNull();
    expect(actionForKey(press('Escape', { target: 'text' }), rationale)).toEqual({ type: 'leaveText' });
    expect(actionForKey(press('Enter', { target: 'text' }), rationale)).toEqual({ type: 'submit' });
    expect(actionForKey(press('Enter', { target: 'text', shiftKey: true }), rationale)).toBeNull();
  });
});

describe('shortcutsFor', () => {
  it('lists only the keys the campaign needs, relations with their labels', () => {
    const keys = (qs: Question[]) => shortcutsFor(qs).map((s) => s.keys.join(' '));
    expect(keys([semantic])).not.toContain('y n');
    expect(keys([semantic])).not.toContain('t');
    expect(keys([loose, relation, rationale])).toEqual(expect.arrayContaining(['y n', 'e', 'x', 't', 'Enter', '[']));
    expect(shortcutsFor([relation]).find((s) => s.keys[0] === 'f')?.does).toMatch(/Forward/);
  });
});

describe('a key that does nothing says why', () => {
  const questions = [semantic, relation, rationale];
  const outcome = (key: string, active: Question | null, extra: Partial<KeyPress> = {}) =>
    keyOutcome(press(key, extra), { active, enabled: true, waiting: false, questions });

  it('a relation key with the outline on the submit button: no question is outlined', () => {
    expect(outcome('f', null)).toEqual({ kind: 'ignored', key: 'f', reason: 'noQuestion' });
    expect(ignoredKeyMessage('f', 'noQuestion', null)).toMatch(/^f was not used: no question is outlined.*↑ goes back/);
  });

  it('a key the outlined question does not take names its keys', () => {
    expect(outcome('7', semantic)).toEqual({ kind: 'ignored', key: '7', reason: 'notItsKey' });
    expect(ignoredKeyMessage('7', 'notItsKey', semantic)).toBe(`7 does not answer “${semantic.label}”: its keys are 0 to 4.`);
    expect(ignoredKeyMessage('q', 'notItsKey', relation)).toBe(
      `q does not answer “${relation.label}”: its keys are e, f, r, i, x or n.`,
    );
  });

  it('an answer key while the free-text question is outlined points to t', () => {
    expect(outcome('3', rationale)).toEqual({ kind: 'ignored', key: '3', reason: 'textOutlined' });
    expect(ignoredKeyMessage('3', 'textOutlined', rationale)).toContain('t writes in it');
  });

  it('a key nothing on the screen takes, with nothing outlined, points to ?', () => {
    expect(outcome('z', null)).toEqual({ kind: 'ignored', key: 'z', reason: 'unknown' });
    expect(ignoredKeyMessage('z', 'unknown', null)).toBe('z has no use here; ? lists the keys.');
  });

  it('says it also with the focus on the submit button, where the outline goes once all is answered', () => {
    expect(outcome('f', null, { target: 'control' })).toEqual({ kind: 'ignored', key: 'f', reason: 'noQuestion' });
  });

  it('leaves Space, Enter on a button, Tab, modified keys and keys typed into fields to the browser', () => {
    for (const [key, extra] of [
      [' ', {}],
      [' ', { target: 'control' }],
      ['Enter', { target: 'control' }],
      ['Tab', {}],
      ['c', { ctrlKey: true }],
      ['x', { altKey: true }],
      ['q', { target: 'text' }],
    ] as const)
      expect(outcome(key, semantic, extra), key).toBeNull();
  });

  it('keys that act still act', () => {
    expect(outcome('3', semantic)).toEqual({ kind: 'act', action: { type: 'answer', question: 'semantic', value: 3 } });
    expect(outcome('?', null)).toEqual({ kind: 'act', action: { type: 'toggleHelp' } });
  });
});

describe('the review screens’ help', () => {
  it('lists [ and ] as pairs, and neither skipping nor the history nor the guidelines', () => {
    const review = shortcutsFor([semantic, relation, rationale], 'review');
    const text = review.map((s) => `${s.keys.join(' ')} ${s.does}`).join('\n');
    expect(text).toContain('[ the previous pair');
    expect(text).toContain('] the next pair');
    expect(text).toContain('? show or hide this help');
    expect(text).not.toMatch(/skip|guidelines|your previous answer/);
  });
});
