import { describe, expect, it } from 'vitest';
import { builtInQuestion } from '@/lib/annotation/questions';
import type { KeyPress } from './keymap';
import type { OutboxSnapshot } from './outbox-sender';
import { saveStateOf } from './save-state';
import { initialWorkbenchState, type WorkbenchState } from './workbench-state';
import { asksForPair, formTarget, keyAction, planSubmit, WAITING, workView, type Surroundings } from './workbench-view';
import { campaign, earlier, loaded, nextPair, offline, ok, questions, run, stored } from './testing/workbench-fixtures';

const pair = nextPair(11);
const answers = { semantic: 3, paraphraseLoose: true };
const around = (over: Partial<Surroundings> = {}): Surroundings => ({
  item: null,
  bound: true,
  blocked: false,
  online: true,
  ...over,
});
const submitted = () => run([{ type: 'submitted', submissionId: 's1', answers }], loaded(pair));

describe('what the middle of the workbench shows', () => {
  it('the pair, once the answer form is bound to it; until then the pair is not drawn', () => {
    expect(workView(loaded(pair), around())).toEqual({ kind: 'pair', pair });
    expect(workView(loaded(pair), around({ bound: false }))).toEqual({
      kind: 'waiting',
      message: WAITING.loading,
      ignoredKey: null,
    });
  });

  it('while waiting: the answered pair dimmed, why there is no next one yet, and a key that was not used', () => {
    const s = run([{ type: 'keyIgnored', key: '4' }], submitted());
    expect(workView(s, around())).toEqual({
      kind: 'waiting',
      message: WAITING.loading,
      previous: { pair, answers },
      ignoredKey: '4',
    });
    expect(workView(s, around({ blocked: true }))).toMatchObject({ message: WAITING.saving });
    expect(workView(s, around({ blocked: true, online: false }))).toMatchObject({ message: WAITING.offline });
    expect(workView(run([{ type: 'campaignArrived', seq: 0, result: ok(campaign()) }]), around())).toEqual({
      kind: 'waiting',
      message: WAITING.loading,
      previous: undefined,
      ignoredKey: null,
    });
  });

  it('nothing left, or the server out of reach (with its message)', () => {
    expect(workView(loaded(null), around()).kind).toBe('done');
    const s = run([
      { type: 'campaignArrived', seq: 0, result: ok(campaign()) },
      { type: 'pairArrived', seq: 0, result: offline },
    ]);
    expect(workView(s, around())).toEqual({
      kind: 'unavailable',
      message: 'The server is out of reach. The next pair loads when the server is back.',
    });
  });

  it('an archived or paused campaign says so instead of a pair, but earlier answers still show', () => {
    expect(workView(loaded(pair, { archived: true }), around()).kind).toBe('archived');
    expect(workView(loaded(pair, { status: 'PAUSED' }), around())).toEqual({ kind: 'inactive', status: 'PAUSED' });
    const item = earlier(5, 2, answers);
    const back = run([{ type: 'back' }, { type: 'historyLoaded', index: 0, count: 4 }], loaded(pair, { archived: true }));
    expect(workView(back, around({ item }))).toEqual({ kind: 'earlier', item, back: 1 });
  });

  it('asks for a pair only for an active campaign, while waiting, with no unconfirmed first answer ahead', () => {
    const waiting = run([{ type: 'campaignArrived', seq: 0, result: ok(campaign()) }]);
    expect(asksForPair(waiting, false)).toBe(true);
    expect(asksForPair(waiting, true)).toBe(false);
    expect(asksForPair(initialWorkbenchState, false)).toBe(false);
    expect(asksForPair(run([{ type: 'campaignArrived', seq: 0, result: ok(campaign({ archived: true })) }]), false)).toBe(false);
    expect(asksForPair(loaded(pair), false)).toBe(false);
  });
});

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, target: 'other', ...extra });
const semantic = builtInQuestion('semantic');
/** What each key does in a state, as [key, outcome type or action type]. */
function keys(
  s: WorkbenchState,
  over: Partial<Surroundings> = {},
  list = ['3', 'Enter', 's', '[', ']', 'Escape', 'g', '?', 'j', 'Backspace', 'a', 'Tab'],
) {
  const { item = null, bound = true } = over;
  return list.map((key) => {
    const outcome = keyAction(s, { item, bound, active: semantic }, press(key));
    return [key, outcome === null ? null : outcome.kind === 'ignored' ? 'ignored' : outcome.action.type];
  });
}

describe('which key does what in which state', () => {
  it('on a pair: digits rate the active scale, Enter submits, s skips, [ ] Esc move in the history, g ? open panels; a letter that does nothing says why', () => {
    expect(keys(loaded(pair))).toEqual([
      ['3', 'answer'],
      ['Enter', 'submit'],
      ['s', 'skipPair'],
      ['[', 'back'],
      [']', 'forward'],
      ['Escape', 'current'],
      ['g', 'toggleGuidelines'],
      ['?', 'toggleHelp'],
      ['j', 'nextQuestion'],
      ['Backspace', 'clear'],
      ['a', 'ignored'],
      ['Tab', null],
    ]);
    expect(keyAction(loaded(pair), { item: null, bound: true, active: semantic }, press('a'))).toEqual({
      kind: 'ignored',
      key: 'a',
      reason: 'notItsKey',
    });
    expect(keyAction(loaded(pair), { item: null, bound: true, active: semantic }, press('3'))).toEqual({
      kind: 'act',
      action: { type: 'answer', question: 'semantic', value: 3 },
    });
  });

  it('while the next pair is on its way: answer keys are not used (and said so), history and panels still work', () => {
    const expected = [
      ['3', 'ignored'],
      ['Enter', 'ignored'],
      ['s', 'ignored'],
      ['[', 'back'],
      [']', 'forward'],
      ['Escape', 'current'],
      ['g', 'toggleGuidelines'],
      ['?', 'toggleHelp'],
      ['j', 'ignored'],
      ['Backspace', 'ignored'],
      ['a', 'ignored'],
      ['Tab', null],
    ];
    expect(keys(submitted())).toEqual(expected);
    // a pair that arrived but is not bound to the form yet is not on screen: the same
    expect(keys(loaded(pair), { bound: false })).toEqual(expected);
    expect(keyAction(submitted(), { item: null, bound: true, active: null }, press('c', { ctrlKey: true }))).toBeNull();
  });

  it('on an earlier answer the keys answer it, even while the next pair loads', () => {
    const item = earlier(5, 2, answers);
    const s = run([{ type: 'back' }, { type: 'historyLoaded', index: 0, count: 1 }], submitted());
    expect(keys(s, { item }, ['3', 'Enter'])).toEqual([
      ['3', 'answer'],
      ['Enter', 'submit'],
    ]);
  });

  it('no keys before the campaign is loaded or while the gold feedback is open', () => {
    expect(keys(initialWorkbenchState).every(([, what]) => what === null)).toBe(true);
    const miss = { type: 'saved', submissionId: 's1', texts: pair.texts, given: answers } as const;
    const s = run(
      [{ ...miss, stored: stored(11, 1, answers, { gold: { correct: false, expected: { semantic: 0 } } }) }],
      loaded(pair),
    );
    expect(keys(s).every(([, what]) => what === null)).toBe(true);
  });

  it('in the rationale field letters are text: only Enter (submit) and Esc (leave) are taken', () => {
    const inText = (key: string, extra: Partial<KeyPress> = {}) =>
      keyAction(loaded(pair), { item: null, bound: true, active: null }, press(key, { target: 'text', ...extra }));
    expect(inText('s')).toBeNull();
    expect(inText('3')).toBeNull();
    expect(inText('Enter')).toEqual({ kind: 'act', action: { type: 'submit' } });
    expect(inText('Enter', { shiftKey: true })).toBeNull();
    expect(inText('Escape')).toEqual({ kind: 'act', action: { type: 'leaveText' } });
  });
});

describe('what Enter does with the form', () => {
  const first = formTarget(null, pair);
  it('the form answers the earlier answer on screen, else the current pair', () => {
    expect(first).toEqual({ pairId: 11, initial: {} });
    expect(formTarget(earlier(5, 2, answers), pair)).toEqual({ pairId: 5, baseVersion: 2, initial: answers });
    expect(formTarget(null, null)).toBeNull();
  });

  it('missing required answers are named and nothing is sent', () => {
    const plan = planSubmit(questions, { target: first, answers: { semantic: 3 } }, null, pair);
    expect(plan.kind).toBe('missing');
    expect(plan.kind === 'missing' && Object.keys(plan.errors)).toEqual(['paraphraseLoose']);
  });

  it('sends the checked answers with the texts as shown; an edit carries the version it changes', () => {
    expect(planSubmit(questions, { target: first, answers: { ...answers, rationale: ' why ' } }, null, pair)).toEqual({
      kind: 'send',
      pairId: 11,
      answers: { ...answers, rationale: 'why' },
      baseVersion: undefined,
      texts: pair.texts,
    });
    const item = earlier(5, 2, answers);
    const edit = { target: formTarget(item, pair), answers: { ...answers, semantic: 1 } };
    expect(planSubmit(questions, edit, item, pair)).toMatchObject({ kind: 'send', pairId: 5, baseVersion: 2, texts: item.texts });
    expect(planSubmit(questions, { ...edit, answers }, item, pair)).toEqual({ kind: 'unchanged', version: 2 });
    expect(planSubmit(questions, { target: null, answers }, null, pair)).toEqual({ kind: 'none' });
  });

  it('the status line says saved once the server confirmed the submission, also after the next pair failed to load', () => {
    let s = submitted();
    s = run([{ type: 'pairArrived', seq: s.pairSeq, result: offline }], s);
    const empty: OutboxSnapshot = { entries: [], sending: null, pausedUntil: 0 };
    expect(saveStateOf(s.last, empty, s.savedVersions, false)).toEqual({ kind: 'none' });
    s = run([{ type: 'saved', submissionId: 's1', texts: pair.texts, given: answers, stored: stored(11, 1, answers) }], s);
    expect(saveStateOf(s.last, empty, s.savedVersions, false)).toEqual({ kind: 'saved', what: 'Your answer', version: 1 });
  });
});
