'use client';
import type { RefObject } from 'react';
import type { AnswerValue, Answers, Question } from '@/lib/annotation/questions';
import { findConsistencyHints } from '@/lib/annotation/consistency';
import { ConsistencyHints } from './consistency-hints';
import { QuestionPanel } from './question-panel';
import styles from './workbench.module.css';

/** The form on screen: which pair and version, the questions, the answers so far. */
export interface FormView {
  formKey: string;
  questions: readonly Question[];
  answers: Readonly<Answers>;
  errors: Readonly<Record<string, string>>;
  activeIndex: number | null;
}

/** What the annotator can do with the form (the same as the keys do). */
export interface FormActions {
  onAnswer: (key: string, value: AnswerValue) => void;
  onActivate: (index: number) => void;
  onSubmit: () => void;
  onBack: () => void;
  onForward: () => void;
  onSkip: () => void;
}

/** Where the keyboard focus can go: each question's box, and the submit button. */
export interface FocusRefs {
  onBox: (index: number, box: HTMLElement | null) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}

interface Props extends FormView, FormActions, FocusRefs {
  isEdit: boolean;
  canGoForward: boolean;
}

/** The questions for the pair on screen, the consistency hints, and the actions with their keys. */
export function PairForm(props: Props) {
  const { formKey, questions, answers, errors, activeIndex, isEdit, canGoForward, submitRef, onBox } = props;
  const { onAnswer, onActivate, onSubmit, onBack, onForward, onSkip } = props;
  const hasText = questions.some((q) => q.type === 'text');
  return (
    <div id="workbench-form" className={styles.work}>
      <QuestionPanel
        formKey={formKey}
        questions={questions}
        answers={answers}
        activeIndex={activeIndex}
        errors={errors}
        onAnswer={onAnswer}
        onActivate={onActivate}
        onBox={onBox}
      />
      <ConsistencyHints hints={findConsistencyHints(answers)} />
      <div className={styles.actions}>
        <button ref={submitRef} type="button" id="workbench-submit" onClick={onSubmit}>
          {isEdit ? 'Save as a new version' : 'Submit'} <kbd>Enter</kbd>
        </button>
        <button type="button" className="secondary" onClick={onBack}>
          Back <kbd>[</kbd>
        </button>
        {canGoForward ? (
          <button type="button" className="secondary" onClick={onForward}>
            Forward <kbd>]</kbd>
          </button>
        ) : null}
        {isEdit ? null : (
          <button type="button" className="secondary" onClick={onSkip}>
            Skip pair <kbd>s</kbd>
          </button>
        )}
        <span className={styles.keystrip} aria-label="Main shortcuts">
          <span>
            <kbd>↑</kbd> <kbd>↓</kbd> question
          </span>
          {hasText ? (
            <span>
              <kbd>t</kbd> rationale
            </span>
          ) : null}
          <span>
            <kbd>Backspace</kbd> clear answer
          </span>
          <span>
            <kbd>Esc</kbd> current pair
          </span>
        </span>
      </div>
    </div>
  );
}
