'use client';
import type { ReactNode } from 'react';
import type { CampaignView, MyAnnotation } from './api-client';
import { PairForm, type FormActions, type FormView } from './pair-form';
import { QuestionPanel } from './question-panel';
import { PairTexts } from './pair-texts';
import type { PairScreen } from './use-next-pair';
import styles from './workbench.module.css';

interface Props extends FormActions {
  campaign: CampaignView;
  screen: PairScreen;
  /** an earlier answer on screen (going back), else null */
  item: MyAnnotation | null;
  historyIndex: number | null;
  blocked: boolean;
  online: boolean;
  /** the form is bound to the pair on screen (keys and clicks answer it) */
  bound: boolean;
  /** the last key pressed while waiting for the next pair (it was not used) */
  ignoredKey: string | null;
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
export function WorkArea(props: Props) {
  const { campaign, screen, item, blocked, online, bound, ignoredKey, form, ...actions } = props;
  const formProps = { ...form, ...actions };

  if (item) {
    const edits = item.history.length;
    return (
      <>
        <p className={styles.banner} data-testid="history-banner">
          Your earlier answer ({(props.historyIndex ?? 0) + 1} back) · <strong>version {item.version}</strong>
          {edits > 0 ? ` (edited ${edits} ${edits === 1 ? 'time' : 'times'})` : ''} · saved{' '}
          {new Date(item.updatedAt).toLocaleString()}. Change answers and press <kbd>Enter</kbd> to save a new version;{' '}
          <kbd>]</kbd> newer, <kbd>Esc</kbd> back to the current pair.
        </p>
        <PairTexts texts={item.texts} image={null} />
        <PairForm {...formProps} isEdit canGoForward />
      </>
    );
  }

  if (campaign.archived) {
    return (
      <Message>
        This campaign is archived: no new pairs are handed out. Your answers are kept; press <kbd>[</kbd> to look at them.
      </Message>
    );
  }

  if (campaign.status !== 'ACTIVE') {
    return (
      <Message>
        This campaign is {campaign.status.toLowerCase()}: no pairs are handed out now. Press <kbd>[</kbd> to look at your answers.
      </Message>
    );
  }

  switch (screen.kind) {
    case 'pair':
      // drawn only once the form answers this pair (the same commit: never painted otherwise)
      if (!bound) return <Message>Loading the next pair…</Message>;
      return (
        <>
          <PairTexts texts={screen.pair.texts} image={screen.pair.image} />
          <PairForm {...formProps} isEdit={false} canGoForward={false} />
        </>
      );
    case 'waiting': {
      const why = blocked
        ? online
          ? 'Saving your answer… The next pair follows as soon as the server has confirmed it.'
          : 'You are offline. Your answers are kept on this device and will be sent when the connection is back; the next pair follows then.'
        : 'Loading the next pair…';
      if (!screen.previous) return <Message>{why}</Message>;
      return (
        <AnsweredPair previous={screen.previous} questions={form.questions} ignoredKey={ignoredKey}>
          {why}
        </AnsweredPair>
      );
    }
    case 'done':
      return (
        <Message>
          <strong>Nothing left for you in this campaign.</strong> Thank you! Press <kbd>[</kbd> to look at or edit your answers.
        </Message>
      );
    case 'unavailable':
      return (
        <Message role="alert">
          {screen.message}{' '}
          <button type="button" className="secondary" onClick={props.onRetry}>
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
  previous: NonNullable<Extract<PairScreen, { kind: 'waiting' }>['previous']>;
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
