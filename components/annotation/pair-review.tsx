'use client';
import { useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { checkAnswers, type Answers, type Question } from '@/lib/annotation/questions';
import { ActiveTimer } from './active-timer';
import { AnswerForm, type DraftStore } from './answer-form';
import { answerText } from './answer-text';
import { focusQuestion } from './focus-question';
import { applyFormAction } from './form-keys';
import { keyOutcome, type KeyAction } from './keymap';
import { PairTexts } from './pair-texts';
import { QuestionPanel } from './question-panel';
import { useWorkbenchKeys } from './use-workbench-keys';
import { ShortcutHelp } from './shortcut-help';
import { KeyCue, useKeyCue } from './key-cue';
import styles from './workbench.module.css';

/** One annotator's answers to the pair, by pseudonym. */
export interface Opinion {
  who: string;
  answers: Answers;
}

interface Props {
  pairId: number;
  /** the texts in the order the answers refer to */
  texts: readonly [string, string];
  /** the questions to answer here (a text question is the note or rationale; `t` writes it) */
  questions: readonly Question[];
  /** every question of the campaign: each opinion's rationale is shown from its text question */
  allQuestions: readonly Question[];
  initial: Answers;
  opinions: readonly Opinion[];
  submitLabel: string;
  /** resolves to an error message to show, or null when done */
  onSubmit: (answers: Answers) => Promise<string | null>;
  /** `[` and `]`: the previous or next pair */
  onPage: (by: 1 | -1) => void;
  /** what else to show under the form (the caller's first answer, a message) */
  children?: ReactNode;
  /**
   * offer to highlight what the texts share (adjudication: the answers are in; not the discussion,
   * where annotators may still change theirs)
   */
  comparable?: boolean;
}

/** Nothing is kept as a draft on these screens: the decision is one step. */
const noDrafts: DraftStore = { loadDraft: () => null, saveDraft: () => undefined, clearDraft: () => undefined };
const FORM_ID = 'review-form';
const SUBMIT_ID = 'review-submit';

/** Every annotator's answer to one question, with their rationale, beside the question. */
function Opinions({
  question,
  opinions,
  rationale,
}: {
  question: Question;
  opinions: readonly Opinion[];
  rationale: Question | undefined;
}) {
  return (
    <table className={styles.opinions} aria-label={`Answers of the annotators (${question.label})`}>
      <tbody>
        {opinions.map((o) => {
          const why = rationale && rationale.key !== question.key ? o.answers[rationale.key] : undefined;
          return (
            <tr key={o.who}>
              <th scope="row">
                <code>{o.who}</code>
              </th>
              <td>
                <strong>{answerText(question, o.answers[question.key])}</strong>
                {typeof why === 'string' && why.trim() ? <span className={styles.opinionWhy}> “{why}”</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * One pair to decide on, with the workbench's parts: its text panels, its question components,
 * its keys (keymap.ts: the same key answers the same way everywhere; `[`/`]` go to the previous or
 * next pair, Enter submits), its `?` help and the cue of a key that did nothing. Every annotator's
 * answer and rationale is shown beside each question.
 * Used by the adjudication queue and the discussion round; the caller keys it by pair.
 */
export function PairReview(props: Props) {
  const {
    pairId,
    texts,
    questions,
    allQuestions,
    initial,
    opinions,
    submitLabel,
    onSubmit,
    onPage,
    children,
    comparable = false,
  } = props;
  const [form] = useState(() => new AnswerForm(noDrafts, new ActiveTimer(Date.now())));
  const state = useSyncExternalStore(form.subscribe, form.getSnapshot, form.getSnapshot);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showHelp, setShowHelp] = useState(false);
  const keyCue = useKeyCue();
  const rationale = allQuestions.find((q) => q.type === 'text');

  useLayoutEffect(() => {
    form.open({ pairId, initial }, questions);
    // answers given already (the discussion round): the first question is still where the keys go
    if (form.getSnapshot().activeIndex === null && questions.length > 0) form.focus(0);
  }, [form, pairId, initial, questions]);
  useLayoutEffect(() => {
    if (state.focusSeq > 0) focusQuestion(FORM_ID, SUBMIT_ID, form.getSnapshot().activeIndex);
  }, [state.focusSeq, form]);

  const submit = async () => {
    if (busy) return;
    const check = checkAnswers(questions, state.answers);
    const errors: Record<string, string> = check.ok ? {} : { ...check.errors };
    for (const q of questions) if (q.type !== 'text' && state.answers[q.key] === undefined) errors[q.key] = 'needs an answer';
    if (!check.ok || Object.keys(errors).length > 0) {
      form.reject(errors);
      return setError('Some answers are missing (marked in red).');
    }
    setBusy(true);
    const message = await onSubmit(check.answers);
    setBusy(false);
    setError(message);
  };

  const onAction = (action: KeyAction) => {
    keyCue.clear();
    if (applyFormAction(form, questions, action)) return;
    if (action.type === 'submit') void submit();
    else if (action.type === 'back' || action.type === 'forward') onPage(action.type === 'back' ? -1 : 1);
    else if (action.type === 'toggleHelp') setShowHelp((shown) => !shown);
  };
  const active = state.target && state.activeIndex !== null ? (questions[state.activeIndex] ?? null) : null;
  useWorkbenchKeys({
    decide: (press) => keyOutcome(press, { active, enabled: state.target !== null, waiting: false, questions }),
    onAction,
    onIgnored: (key, reason) => {
      if (reason !== 'waiting') keyCue.show(key, reason, active);
    },
  });

  return (
    <div className={styles.workspace}>
      <PairTexts texts={texts} image={null} comparable={comparable} />
      <div id={FORM_ID} className={styles.work}>
        {showHelp ? <ShortcutHelp questions={questions} screen="review" onClose={() => setShowHelp(false)} /> : null}
        <QuestionPanel
          formKey={`review-${pairId}`}
          questions={questions}
          answers={state.answers}
          activeIndex={state.activeIndex}
          errors={state.errors}
          onAnswer={(key, value) => {
            keyCue.clear();
            form.answer(key, value);
          }}
          onActivate={(index) => form.activate(index)}
          beside={(q) =>
            opinions.some((o) => o.answers[q.key] !== undefined) ? (
              <Opinions question={q} opinions={opinions} rationale={rationale} />
            ) : null
          }
        />
        <div className={styles.actions}>
          <button type="button" id={SUBMIT_ID} onClick={() => void submit()} disabled={busy}>
            {submitLabel} <kbd>Enter</kbd>
          </button>
          <button type="button" className="secondary" onClick={() => onPage(-1)}>
            Previous pair <kbd>[</kbd>
          </button>
          <button type="button" className="secondary" onClick={() => onPage(1)}>
            Next pair <kbd>]</kbd>
          </button>
        </div>
        <KeyCue cue={keyCue.cue} />
        {error ? (
          <p className="alert error" role="alert">
            {error}
          </p>
        ) : null}
        <p className={styles.keystrip} aria-label="Main shortcuts">
          <span>the workbench’s answer keys for the active question</span>
          <span>
            <kbd>↑</kbd> <kbd>↓</kbd> question
          </span>
          <span>
            <kbd>t</kbd> write
          </span>
          <span>
            <kbd>Esc</kbd> leaves the text
          </span>
          <span>
            <kbd>?</kbd> all keys
          </span>
        </p>
        {children}
      </div>
    </div>
  );
}

/** What the last save did (on the review screens, above the pair). */
export function SavedMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="alert success" role="status">
      {message}
    </p>
  ) : null;
}

/** No pair left: the last save's message stays, as the save may be what emptied the list. */
export function NothingLeft({ message, children }: { message: string | null; children: ReactNode }) {
  return (
    <div className="stack">
      <SavedMessage message={message} />
      <p className="empty">{children}</p>
    </div>
  );
}
