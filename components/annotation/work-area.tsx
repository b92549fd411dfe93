'use client';
import type { ReactNode } from 'react';
import { PairForm, type FocusRefs, type FormActions, type FormView } from './pair-form';
import { QuestionPanel } from './question-panel';
import { PairTexts } from './pair-texts';
import type { AnsweredPair as Answered } from './workbench-state';
import type { WorkView } from './workbench-view';
import styles from './workbench.module.css';

interface Props extends FormActions, FocusRefs {
  /** what to show (workbench-view.ts's workView) */
  view: WorkView;
  form: FormView;
  onRetry: () => void;
}

function Message({ children, role = 'status' }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <div className={styles.panel} role={role} data-testid="workbench-message">
      {children}
    </div>
  );
}

/** The middle of the workbench: the pair and its questions, an earlier answer being edited, or why there is no pair. */
export function WorkArea({ view, form, onRetry, ...actions }: Props) {
  const formProps = { ...form, ...actions };
  switch (view.kind) {
    case 'earlier': {
      const { item } = view;
      const edits = item.history.length;
      return (
        <>
          <p className={styles.banner} data-testid="history-banner">
            Your earlier answer ({view.back} back) · <strong>version {item.version}</strong>
            {edits > 0 ? ` (edited ${edits} ${edits === 1 ? 'time' : 'times'})` : ''} · saved{' '}
            {new Date(item.updatedAt).toLocaleString()}. Change answers and press <kbd>Enter</kbd> to save a new version;{' '}
            <kbd>]</kbd> newer, <kbd>Esc</kbd> back to the current pair.
          </p>
          <PairTexts texts={item.texts} image={null} />
          <PairForm {...formProps} isEdit canGoForward />
        </>
      );
    }
    case 'archived':
      return (
        <Message>
          This campaign is archived: no new pairs are handed out. Your answers are kept; press <kbd>[</kbd> to look at them.
        </Message>
      );
    case 'inactive':
      return (
        <Message>
          This campaign is {view.status.toLowerCase()}: no pairs are handed out now. Press <kbd>[</kbd> to look at your answers.
        </Message>
      );
    case 'pair':
      return (
        <>
          <PairTexts texts={view.pair.texts} image={view.pair.image} />
          <PairForm {...formProps} isEdit={false} canGoForward={false} />
        </>
      );
    case 'waiting':
      if (!view.previous) return <Message>{view.message}</Message>;
      return (
        <AnsweredPair previous={view.previous} questions={form.questions} ignoredKey={view.ignoredKey}>
          {view.message}
        </AnsweredPair>
      );
    case 'done':
      return (
        <Message>
          <strong>Nothing left for you in this campaign.</strong> Thank you! Press <kbd>[</kbd> to look at or edit your answers.
        </Message>
      );
    case 'unavailable':
      return (
        <Message role="alert">
          {view.message}{' '}
          <button type="button" className="secondary" onClick={onRetry}>
            Try again
          </button>
        </Message>
      );
  }
}

/**
 * The pair just answered, dimmed and out of reach of keys and clicks, until the next one arrives
 * (no blank screen). A key that would have answered shows a cue where it would have landed.
 */
function AnsweredPair({
  previous,
  questions,
  ignoredKey,
  children,
}: {
  previous: Answered;
  questions: FormView['questions'];
  ignoredKey: string | null;
  children: ReactNode;
}) {
  return (
    <div className={styles.answered} data-testid="answered-pair">
      <div className={styles.answeredBody} inert>
        <PairTexts texts={previous.pair.texts} image={null} testId="answered-text" />
      </div>
      <p className={styles.waitCue} role="status" data-testid="waiting-cue">
        {ignoredKey ? (
          <span data-testid="key-ignored">
            <kbd>{ignoredKey === ' ' ? 'Space' : ignoredKey}</kbd> was not used: waiting for the next pair.{' '}
          </span>
        ) : null}
        {children}
      </p>
      <div className={styles.answeredBody} inert>
        <QuestionPanel
          formKey={`answered-${previous.pair.pairId}`}
          questions={questions}
          answers={previous.answers}
          activeIndex={null}
          errors={{}}
          onAnswer={() => undefined}
          onActivate={() => undefined}
        />
      </div>
    </div>
  );
}
