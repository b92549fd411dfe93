/**
 * The answers on screen for one pair (or one earlier answer being edited), the active question,
 * and the errors of the last submit attempt. Every change is written to the local drafts at once,
 * with the active time so far, so a reload or a crash brings the form back as it was; leaving a
 * form keeps its draft, submitting clears it. A small observable store in plain TypeScript (React
 * reads it with useSyncExternalStore), so the keyboard behaviour is unit-tested without a browser.
 * `focusSeq` grows whenever the active question should also get the keyboard focus.
 */
import type { AnswerValue, Answers, Question } from '@/lib/annotation/questions';
import type { ActiveTimer } from './active-timer';
import { firstOpenIndex, nextChoiceIndex } from './answer-text';
import type { Draft } from './local-store';

export interface FormTarget {
  pairId: number;
  /** editing this version; absent for a first answer */
  baseVersion?: number;
  /** the answers the form starts from (an earlier answer when editing) */
  initial: Answers;
}

export interface FormState {
  target: FormTarget | null;
  answers: Answers;
  errors: Record<string, string>;
  activeIndex: number | null;
  focusSeq: number;
}

export interface DraftStore {
  loadDraft(pairId: number, baseVersion?: number): Draft | null;
  saveDraft(draft: Draft): void;
  clearDraft(pairId: number, baseVersion?: number): void;
}

export const formKeyOf = (t: { pairId: number; baseVersion?: number } | null) =>
  t ? `${t.pairId}-${t.baseVersion ?? 'new'}` : 'none';

export function sameAnswers(a: Readonly<Answers>, b: Readonly<Answers>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

export class AnswerForm {
  private state: FormState = { target: null, answers: {}, errors: {}, activeIndex: null, focusSeq: 0 };
  private questions: readonly Question[] = [];
  /** submitted and not changed since: leaving it keeps no draft */
  private closed = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly drafts: DraftStore,
    private readonly timer: ActiveTimer,
    private readonly now: () => number = Date.now,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): FormState => this.state;

  private set(change: Partial<FormState>, focus = false): void {
    this.state = { ...this.state, ...change, focusSeq: this.state.focusSeq + (focus ? 1 : 0) };
    for (const listener of this.listeners) listener();
  }

  elapsed(): number {
    return this.timer.elapsed(this.now());
  }

  isDirty(): boolean {
    const { target, answers } = this.state;
    return target !== null && !this.closed && !sameAnswers(answers, target.initial);
  }

  /** A first answer keeps its draft (and time) even when empty; an unchanged edit needs none. */
  private keepDraft(): void {
    const { target, answers } = this.state;
    if (!target || this.closed) return;
    if (target.baseVersion !== undefined && sameAnswers(answers, target.initial))
      this.drafts.clearDraft(target.pairId, target.baseVersion);
    else
      this.drafts.saveDraft({
        pairId: target.pairId,
        baseVersion: target.baseVersion,
        answers,
        activeMs: this.elapsed(),
        savedAt: this.now(),
      });
  }

  /** Shows another form (no-op when it is already on screen); the one on screen keeps its draft. */
  open(target: FormTarget | null, questions: readonly Question[]): void {
    this.questions = questions;
    if (formKeyOf(target) === formKeyOf(this.state.target)) return;
    this.keepDraft();
    this.closed = false;
    const draft = target ? this.drafts.loadDraft(target.pairId, target.baseVersion) : null;
    const answers = draft?.answers ?? target?.initial ?? {};
    this.timer.reset(this.now(), draft?.activeMs ?? 0);
    this.set({ target, answers, errors: {}, activeIndex: target ? firstOpenIndex(questions, answers) : null }, true);
  }

  /** An answer (or undefined to clear it); `advance` moves the active question on (answer keys do). */
  answer(key: string, value: AnswerValue | undefined, advance = false): void {
    const { target, answers, errors } = this.state;
    if (!target) return;
    const next = { ...answers };
    if (value === undefined) delete next[key];
    else next[key] = value;
    const rest = { ...errors };
    delete rest[key];
    this.closed = false;
    const index = this.questions.findIndex((q) => q.key === key);
    this.set(
      { answers: next, errors: rest, ...(advance ? { activeIndex: nextChoiceIndex(this.questions, index) } : {}) },
      advance,
    );
    this.keepDraft();
  }

  /** The focus moved to a question (mouse, Tab): it becomes the active one, without moving focus again. */
  activate(index: number): void {
    if (index !== this.state.activeIndex) this.set({ activeIndex: index });
  }

  /** ↓/↑ through every question (text included); past the last comes the submit button (null). */
  move(delta: 1 | -1): void {
    if (!this.state.target) return;
    const count = this.questions.length;
    const at = this.state.activeIndex;
    const index =
      delta === 1 ? (at === null ? null : at + 1 < count ? at + 1 : null) : at === null ? count - 1 : Math.max(0, at - 1);
    this.set({ activeIndex: index }, true);
  }

  /** Focuses a question by index (e.g. the rationale), or the submit button (null). */
  focus(index: number | null): void {
    if (this.state.target) this.set({ activeIndex: index }, true);
  }

  /** A submit attempt found problems: they show beside the questions, the first one gets the focus. */
  reject(errors: Record<string, string>): void {
    const first = this.questions.findIndex((q) => q.key in errors);
    this.set({ errors, activeIndex: first >= 0 ? first : this.state.activeIndex }, true);
  }

  /** The form is done with (submitted, or the pair skipped): its draft is no longer needed. */
  finish(): void {
    const { target } = this.state;
    if (target) this.drafts.clearDraft(target.pairId, target.baseVersion);
    this.closed = true;
  }

  /** Writes the draft's active time (the tab is being hidden or closed). */
  flush(): void {
    this.keepDraft();
  }
}
