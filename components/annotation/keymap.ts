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
  /** the screen's questions: a key that answers one of them, pressed where it cannot, says why */
  questions?: readonly Question[];
}

/**
 * Why a key did nothing, for the cue on screen: the next pair is on its way (`waiting`); no question
 * is outlined, the outline being on the submit button (`noQuestion`); the outlined question takes
 * other keys (`notItsKey`); the outlined question is free text, which `t` writes (`textOutlined`);
 * the key belongs to nothing on this screen (`unknown`).
 */
export type IgnoredReason = 'waiting' | 'noQuestion' | 'notItsKey' | 'textOutlined' | 'unknown';

/** A key press: an action, a key that did nothing and says why (on screen), or null (the browser's). */
export type KeyOutcome = { kind: 'act'; action: KeyAction } | { kind: 'ignored'; key: string; reason: IgnoredReason } | null;

/** A key that gives some question of the screen an answer. */
const answersSome = (questions: readonly Question[], key: string) => questions.some((q) => answerForKey(q, key) !== undefined);

/**
 * What a key press does on a screen: the keymap, unless keys are off, a key would answer a pair
 * not there yet, or it does nothing (then it says why).
 */
export function keyOutcome(press: KeyPress, { active, enabled, waiting, questions = [] }: KeyContext): KeyOutcome {
  if (!enabled) return null;
  const action = actionForKey(press, active);
  const plain = press.target === 'other' && !press.ctrlKey && !press.metaKey && !press.altKey;
  const answerKey = plain && /^(.|Enter|Backspace)$/.test(press.key);
  if (waiting && (action ? ANSWERING.has(action.type) : answerKey)) return { kind: 'ignored', key: press.key, reason: 'waiting' };
  if (action) return { kind: 'act', action };
  // a printable key that did nothing says why, also with the focus on a button (Submit, where the
  // outline goes once every question is answered); Space, Tab, arrows, keys typed into a field and
  // keys with Ctrl, Alt or Cmd stay the browser's
  const free = press.target !== 'text' && !press.ctrlKey && !press.metaKey && !press.altKey;
  if (!free || press.key.length !== 1 || press.key === ' ') return null;
  if (!active) return { kind: 'ignored', key: press.key, reason: answersSome(questions, press.key) ? 'noQuestion' : 'unknown' };
  if (active.type === 'text') return { kind: 'ignored', key: press.key, reason: 'textOutlined' };
  return { kind: 'ignored', key: press.key, reason: optionKeys(active).some((k) => k !== '') ? 'notItsKey' : 'unknown' };
}

/** The keys of a question as the cue names them: "0 to 4", "y or n", "e, f, r, i, x or n". */
function describeKeys(question: Question): string {
  const keys = optionKeys(question).filter((k) => k !== '');
  if (question.type === 'likert') return '0 to 4';
  return keys.length <= 1 ? (keys[0] ?? 'none') : `${keys.slice(0, -1).join(', ')} or ${keys.at(-1)}`;
}

/** What the cue says about a key that did nothing (the waiting cue is the work area's own). */
export function ignoredKeyMessage(key: string, reason: Exclude<IgnoredReason, 'waiting'>, active: Question | null): string {
  switch (reason) {
    case 'noQuestion':
      return `${key} was not used: no question is outlined (the outline is on the submit button). ↑ goes back to the questions; Enter submits.`;
    case 'notItsKey':
      return active ? `${key} does not answer “${active.label}”: its keys are ${describeKeys(active)}.` : `${key} was not used.`;
    case 'textOutlined':
      return `${key} was not used: the outlined question${active ? `, “${active.label}”,` : ''} is free text; t writes in it, ↑ and ↓ go to another question.`;
    case 'unknown':
      return `${key} has no use here; ? lists the keys.`;
  }
}

export interface Shortcut {
  keys: string[];
  does: string;
}

/**
 * The shortcuts for a campaign's questions, as the help panel lists them: on the workbench, or on
 * a review screen (adjudication, the discussion round), where `[` and `]` turn pairs and there is
 * no skipping, history or guidelines panel.
 */
export function shortcutsFor(questions: readonly Question[], screen: 'workbench' | 'review' = 'workbench'): Shortcut[] {
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
    list.push({
      keys: ['t'],
      does: `write the ${screen === 'review' ? 'note or rationale' : 'rationale'} (Esc leaves the text field for the first open question, Shift+Enter a new line)`,
    });
  if (screen === 'review') {
    list.push(
      { keys: ['Enter'], does: 'save (also Ctrl+Enter in the text field)' },
      { keys: ['['], does: 'the previous pair' },
      { keys: [']'], does: 'the next pair' },
      { keys: ['?'], does: 'show or hide this help' },
    );
    return list;
  }
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
