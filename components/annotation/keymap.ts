/**
 * The workbench's keyboard: which key does what, as a pure function of the key, where the focus is
 * and which question is active, plus the list the on-screen help shows (built from the same
 * tables, so the help cannot drift from the behaviour). Answer keys act on the active question
 * only, so one key can mean "no" for a yes/no question and "negation" for the relation without
 * ambiguity; browser shortcuts (Ctrl, Alt, Cmd) are never taken.
 */
import type { AnswerValue, Question } from '@/lib/annotation/questions';
import { RELATIONS, type Relation } from '@/lib/annotation/relations';
import { shownRelationLabel } from './answer-text';

export const RELATION_KEYS: Record<Relation, string> = {
  equivalence: 'e',
  forward: 'f',
  reverse: 'r',
  intersection: 'i',
  exclusion: 'x',
  negation: 'n',
};
export const YES_NO_KEYS = { yes: 'y', no: 'n' } as const;

/** Where the key was pressed: in a text field, on a button or link (Enter and Space are theirs), elsewhere. */
export type KeyTarget = 'text' | 'control' | 'other';

export interface KeyPress {
  key: string;
  target: KeyTarget;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

export type KeyAction =
  | { type: 'answer'; question: string; value: AnswerValue }
  | { type: 'clear'; question: string }
  | { type: 'submit' }
  | { type: 'nextQuestion' }
  | { type: 'previousQuestion' }
  | { type: 'skipPair' }
  | { type: 'back' }
  | { type: 'forward' }
  | { type: 'current' }
  | { type: 'leaveText' }
  | { type: 'focusText' }
  | { type: 'toggleHelp' }
  | { type: 'toggleGuidelines' };

/** The key that picks each option of a question, in option order ('' where none does). */
export function optionKeys(question: Question): string[] {
  switch (question.type) {
    case 'likert':
      return ['0', '1', '2', '3', '4'];
    case 'boolean':
      return [YES_NO_KEYS.yes, YES_NO_KEYS.no];
    case 'relation':
      return (question.options ?? []).map((o) => RELATION_KEYS[o.value as Relation] ?? '');
    case 'choice':
      // 1..9, then 0 for the tenth; further options by arrow keys within the group
      return (question.options ?? []).map((_, i) => (i < 9 ? String(i + 1) : i === 9 ? '0' : ''));
    case 'text':
      return [];
  }
}

/** The value a key gives the active question, or undefined when it gives none. */
export function answerForKey(question: Question, key: string): AnswerValue | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  switch (question.type) {
    case 'likert':
      return /^[0-4]$/.test(k) ? Number(k) : undefined;
    case 'boolean':
      return k === YES_NO_KEYS.yes ? true : k === YES_NO_KEYS.no ? false : undefined;
    case 'relation':
    case 'choice': {
      const index = optionKeys(question).indexOf(k);
      return index >= 0 && k !== '' ? question.options?.[index]?.value : undefined;
    }
    case 'text':
      return undefined;
  }
}

const NAVIGATION: Record<string, KeyAction> = {
  Enter: { type: 'submit' },
  ArrowDown: { type: 'nextQuestion' },
  j: { type: 'nextQuestion' },
  ArrowUp: { type: 'previousQuestion' },
  k: { type: 'previousQuestion' },
  s: { type: 'skipPair' },
  '[': { type: 'back' },
  ']': { type: 'forward' },
  Escape: { type: 'current' },
  t: { type: 'focusText' },
  '?': { type: 'toggleHelp' },
  g: { type: 'toggleGuidelines' },
};

/** What a key press does, or null to leave it to the browser. */
export function actionForKey(press: KeyPress, active: Question | null): KeyAction | null {
  const { key, target } = press;
  if (press.altKey) return null;
  if (press.ctrlKey || press.metaKey) return key === 'Enter' ? { type: 'submit' } : null;
  if (target === 'text') {
    if (key === 'Escape') return { type: 'leaveText' };
    return key === 'Enter' && !press.shiftKey ? { type: 'submit' } : null;
  }
  if (target === 'control' && (key === 'Enter' || key === ' ')) return null;
  if (active) {
    const value = answerForKey(active, key);
    if (value !== undefined) return { type: 'answer', question: active.key, value };
    if ((key === 'Backspace' || key === 'Delete') && active.type !== 'text') return { type: 'clear', question: active.key };
  }
  const lower = key.length === 1 ? key.toLowerCase() : key;
  return NAVIGATION[lower] ?? null;
}

/** What a key may do only while a pair is on screen to answer. */
const ANSWERING: ReadonlySet<KeyAction['type']> = new Set([
  'answer',
  'clear',
  'submit',
  'nextQuestion',
  'previousQuestion',
  'skipPair',
  'focusText',
]);

export interface KeyContext {
  /** the question the answer keys go to (null: none) */
  active: Question | null;
  enabled: boolean;
  /** no pair is on screen to answer because the next one is on its way: answer keys are not used, and said so */
  waiting: boolean;
}

/** A key press: an action, a key that would have answered but waits (said on screen), or null (the browser's). */
export type KeyOutcome = { kind: 'act'; action: KeyAction } | { kind: 'ignored'; key: string } | null;

/** What a key press does on a screen: the keymap, unless keys are off or a key would answer a pair not there yet. */
export function keyOutcome(press: KeyPress, { active, enabled, waiting }: KeyContext): KeyOutcome {
  if (!enabled) return null;
  const action = actionForKey(press, active);
  const plain = press.target === 'other' && !press.ctrlKey && !press.metaKey && !press.altKey;
  const answerKey = plain && /^(.|Enter|Backspace)$/.test(press.key);
  if (waiting && (action ? ANSWERING.has(action.type) : answerKey)) return { kind: 'ignored', key: press.key };
  return action ? { kind: 'act', action } : null;
}

export interface Shortcut {
  keys: string[];
  does: string;
}

/** The shortcuts for a campaign's questions, as the help panel lists them. */
export function shortcutsFor(questions: readonly Question[]): Shortcut[] {
  const list: Shortcut[] = [];
  const types = new Set(questions.map((q) => q.type));
  if (types.has('likert'))
    list.push({ keys: ['0', '1', '2', '3', '4'], does: 'rate the active scale (0 = not similar … 4 = the same)' });
  if (types.has('boolean'))
    list.push({ keys: [YES_NO_KEYS.yes, YES_NO_KEYS.no], does: 'yes / no for the active paraphrase question' });
  if (types.has('relation')) {
    for (const r of RELATIONS) list.push({ keys: [RELATION_KEYS[r]], does: shownRelationLabel(r) });
  }
  if (types.has('choice')) list.push({ keys: ['1', '…', '9'], does: 'pick an option of the active choice question' });
  list.push(
    { keys: ['↓', 'j'], does: 'next question (answering moves on by itself)' },
    { keys: ['↑', 'k'], does: 'previous question' },
    { keys: ['Backspace'], does: 'clear the active answer' },
  );
  if (types.has('text'))
    list.push({ keys: ['t'], does: 'write the rationale (Esc leaves the text field, Shift+Enter a new line)' });
  list.push(
    { keys: ['Enter'], does: 'submit (also Ctrl+Enter in the text field)' },
    { keys: ['s', 's'], does: 'skip this pair (press twice; it goes to another annotator)' },
    { keys: ['['], does: 'back: your previous answer, to look at or edit it' },
    { keys: [']'], does: 'forward: a newer answer, and then the current pair' },
    { keys: ['Esc'], does: 'back to the current pair' },
    { keys: ['g'], does: 'show or hide the guidelines' },
    { keys: ['?'], does: 'show or hide this help' },
  );
  return list;
}
